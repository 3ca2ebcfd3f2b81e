/**
 * Loaded with `--import` into a server process the start-up benchmark spawns (with
 * `--expose-gc`): on the message `measure` it collects garbage and answers the process's memory.
 */
process.on('message', (message) => {
  if (message !== 'measure') return;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('start the process with --expose-gc');
  gc();
  gc();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ rss, heapUsed, external, arrayBuffers });
});
