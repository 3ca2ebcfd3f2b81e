import pino from 'pino';

type Out = ReturnType<typeof pino.destination>;

/** Every batch not yet written, flushed when the process exits. */
const open = new Set<LineBatch>();
let exitHook = false;

/**
 * Log lines gathered over one turn of the event loop and handed on as one write. Pino's
 * destination (sonic-boom) works out the byte length of its whole pending buffer on every
 * write: under load, a line per request cost more than the rest of the request's logging.
 * Here a line is only kept; the turn's lines go out together right after it, and whatever is
 * left when the process exits is written synchronously then.
 */
export class LineBatch {
  private lines: string[] = [];

  constructor(private readonly out: Out) {}

  write(line: string): boolean {
    if (this.lines.length === 0) {
      open.add(this);
      setImmediate(() => this.flushSync());
    }
    this.lines.push(line);
    return true;
  }

  /** Writes the gathered lines now (pino calls it right after a fatal line). */
  flushSync(): void {
    open.delete(this);
    if (this.lines.length === 0) return;
    const chunk = this.lines.join('');
    this.lines = [];
    this.out.write(chunk);
  }

  flush(callback?: (error?: Error) => void): void {
    this.flushSync();
    callback?.();
  }

  /** Writes what is left and closes the file. */
  close(): Promise<void> {
    this.flushSync();
    return new Promise((resolve) => {
      this.out.once('close', () => resolve());
      this.out.end();
    });
  }
}

/**
 * Where a server's log goes: standard output (or a file), a turn's lines at a time, written
 * synchronously by pino's destination right after the turn; what is left when the process
 * exits is written before it does.
 */
export function logDestination(dest: number | string = 1): LineBatch {
  if (!exitHook) {
    exitHook = true;
    process.on('exit', () => {
      for (const batch of open) batch.flushSync();
    });
  }
  return new LineBatch(pino.destination({ dest, sync: true }));
}
