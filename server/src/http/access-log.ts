import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';
import { errorForLog } from './errors';

/** Query parameters and path parts that carry secrets; masked wherever a URL is logged. */
const SECRET_QUERY = /([?&](?:session_id|token|code|otp|clavis|state|password)=)[^&#]*/gi;
const SECRET_PATH = /(\/set-password\/)[^/?#]+/;

/** The identity provider's addresses can carry an ID token (`id_token_hint`) or a person's
 * email (`login_hint`) in their query: theirs is left out altogether. */
const PROVIDER_PATH = /^\/oauth2\//;

export function maskUrl(url: string): string {
  if (PROVIDER_PATH.test(url)) {
    const query = url.indexOf('?');
    return query === -1 ? url : `${url.slice(0, query)}?***`;
  }
  // Most addresses hold neither query parameters nor a reset path: nothing to mask.
  if (!url.includes('?') && !url.includes('&') && !url.includes('/set-password/')) return url;
  return url.replace(SECRET_QUERY, '$1***').replace(SECRET_PATH, '$1***');
}

type Write = { write: (line: string) => unknown };

/** What a pino logger keeps for writing a line in its own format; null for another logger or
 * a pino logger whose lines are reshaped (mixin, log formatter, stream hook). */
function pinoLineParts(log: FastifyBaseLogger) {
  const logger = log as unknown as Record<symbol, unknown>;
  const stream = logger[pino.symbols.streamSym] as Write | undefined;
  const time = logger[pino.symbols.timeSym] as (() => string) | undefined;
  const levels = logger[pino.symbols.lsCacheSym] as Record<number, string> | undefined;
  const chindings = logger[pino.symbols.chindingsSym] as string | undefined;
  const formatters = logger[pino.symbols.formattersSym] as { log?: unknown } | undefined;
  const hooks = logger[pino.symbols.hooksSym] as { streamWrite?: unknown } | undefined;
  const info = (log as { levels?: { values?: Record<string, number> } }).levels?.values?.info;
  if (!stream || typeof stream.write !== 'function' || !time || info === undefined) return null;
  const prefix = levels?.[info];
  if (prefix === undefined || logger[pino.symbols.mixinSym] || formatters?.log || hooks?.streamWrite) return null;
  return {
    stream,
    time: time === pino.stdTimeFunctions.epochTime ? epochTimeByMillisecond() : time,
    prefix,
    chindings: chindings ?? '',
  };
}

/** pino's default time member (`,"time":<epoch ms>`), made once per millisecond: a busy node
 * answers dozens of requests within one, and a number past 2³¹ is turned into text anew each time. */
function epochTimeByMillisecond(): () => string {
  let at = -1;
  let member = '';
  return () => {
    const now = Date.now();
    if (now !== at) {
      at = now;
      member = `,"time":${now}`;
    }
    return member;
  };
}

/** Milliseconds to the microsecond, as a JSON number with three decimals: made from whole
 * microseconds, which turn into text several times faster than a fraction does. */
export function millisecondsText(elapsed: number): string {
  if (!Number.isFinite(elapsed) || elapsed < 0) return 'null';
  const micros = Math.round(elapsed * 1000);
  const fraction = micros % 1000;
  return `${(micros - fraction) / 1000}.${fraction < 10 ? '00' : fraction < 100 ? '0' : ''}${fraction}`;
}

const json = (value: string | number) => JSON.stringify(value);

/** The fields of a request's line, as JSON members: the request id, the method, the address with
 * its secret parts masked, the client address, the status and the time taken. */
export function requestFields(request: FastifyRequest, reply: FastifyReply): string {
  // Each getter read once: behind a proxy `ip` parses X-Forwarded-For on every read.
  const address = request.ip;
  const elapsed = reply.elapsedTime;
  const ip = address === undefined ? '' : `,"remoteAddress":${json(address)}`;
  return (
    `,"reqId":${json(request.id)},"req":{"method":${json(request.method)},"url":${json(maskUrl(request.url))}${ip}}` +
    `,"res":{"statusCode":${reply.statusCode}},"responseTime":${millisecondsText(elapsed)}`
  );
}

/** The same fields for pino's serializers (`loggerOptions`), on the paths that go through pino. */
const lineFields = (request: FastifyRequest, reply: FastifyReply) => ({
  reqId: request.id,
  req: request,
  res: reply,
  responseTime: reply.elapsedTime,
});

/**
 * One log line per request, written when the answer has been sent, instead of Fastify's two.
 * The line has a fixed shape that cannot hold a secret (`requestFields`), so it needs neither
 * the redaction pass nor pino's generic serializing: for a pino logger it is formatted here, in
 * pino's format, and handed to the logger's destination — a tenth of the cost, where pino's
 * own path was a fifth of a session check's CPU. Every other line goes through pino, redacted.
 */
export class OneLinePerRequest extends LogController {
  private readonly direct: ReturnType<typeof pinoLineParts>;
  private readonly access: FastifyBaseLogger;

  constructor(private readonly log: FastifyBaseLogger) {
    super();
    this.direct = pinoLineParts(log);
    this.access = log.child({}, { redact: [] });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ ...lineFields(request, reply), err: errorForLog(error) }, 'request errored');
      return;
    }
    if (!(this.log as unknown as pino.Logger).isLevelEnabled('info')) return;
    const direct = this.direct;
    if (direct) {
      direct.stream.write(
        `${direct.prefix}${direct.time()}${direct.chindings}${requestFields(request, reply)},"msg":"request completed"}\n`,
      );
    } else {
      this.access.info(lineFields(request, reply), 'request completed');
    }
  }
}

type Bindings = pino.Bindings;
type ChildOptions = pino.ChildLoggerOptions;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger (`request.log`), whose pino child with the request id is made only when the
 * request logs something: most requests never do (their line is `OneLinePerRequest`'s), and
 * making a child for each of them was a twentieth of a session check's CPU. Each level's method
 * (set on the prototype below) hands its line to that child.
 */
class RequestLog {
  declare fatal: pino.LogFn;
  declare error: pino.LogFn;
  declare warn: pino.LogFn;
  declare info: pino.LogFn;
  declare debug: pino.LogFn;
  declare trace: pino.LogFn;
  declare silent: pino.LogFn;
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The pino child, made on first use. */
  get log(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
}

for (const level of LEVELS) {
  RequestLog.prototype[level] = function (this: RequestLog, ...line: unknown[]) {
    const log = this.log;
    (log[level] as (...line: unknown[]) => void).apply(log, line);
  } as pino.LogFn;
}

/** Fastify's `childLoggerFactory`: request loggers made when first used. */
export function lazyRequestLog(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  return new RequestLog(parent, bindings, options) as unknown as FastifyBaseLogger;
}
