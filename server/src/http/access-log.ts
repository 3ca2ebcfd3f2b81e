import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type pino from 'pino';
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

/** How a request and its answer appear in a log line: the method, the address with its secret
 * parts masked, the client address; the status. Nothing else of either (no headers, no cookies). */
export const requestSerializers = {
  req: (request: Pick<FastifyRequest, 'method' | 'url' | 'ip'>) => ({
    method: request.method,
    url: maskUrl(request.url),
    remoteAddress: request.ip,
  }),
  res: (reply: Pick<FastifyReply, 'statusCode'>) => ({ statusCode: reply.statusCode }),
};

/**
 * One log line per request, logged when the answer has been sent, instead of Fastify's two: the
 * request id, the request and the answer (`requestSerializers`) and the time taken. Its shape is
 * fixed by those serializers and cannot hold a secret, so it goes through a child logger without
 * the redaction pass; every other line keeps the logger's redaction.
 */
export class OneLinePerRequest extends LogController {
  private readonly access: FastifyBaseLogger;

  constructor(log: FastifyBaseLogger) {
    super();
    this.access = log.child({}, { redact: [], serializers: requestSerializers });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      // The request's own logger carries its id already.
      reply.log.error(
        { req: request, res: reply, responseTime: reply.elapsedTime, err: errorForLog(error) },
        'request errored',
      );
      return;
    }
    this.access.info(
      { reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}

type Bindings = pino.Bindings;
type ChildOptions = pino.ChildLoggerOptions;
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A request's logger (`request.log`), whose pino child with the request id is made only when the
 * request logs something: most requests never do (their line is `OneLinePerRequest`'s), so a
 * child made for each of them would be work for nothing. Each level's method (set on the
 * prototype below) hands its line to that child.
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
