import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type pino from 'pino';
import { errorForLog } from './errors';

/** Query parameters whose values are secret or personal: masked wherever an address is logged,
 * whatever case or percent-encoding their names are written in. */
const SECRET_NAMES = new Set([
  'session_id',
  'token',
  'code',
  'otp',
  'totp_code',
  'clavis',
  'state',
  'password',
  'secret',
  'client_secret',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'login_hint',
  'email',
]);

/** The path part after which a reset link carries its token. */
const RESET_PART = 'set-password';

/** The identity provider's addresses can carry an ID token or a person's email in parameters of
 * its own: their query is left out altogether. */
const PROVIDER_PREFIX = '/oauth2/';

/** What a part of an address reads as once decoded (`+` as a space in a query), lowercased, for
 * comparing names: each `%XX` byte on its own, so broken encoding cannot hide a name. */
function readable(part: string, query = false): string {
  return (query ? part.replaceAll('+', ' ') : part)
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .toLowerCase();
}

/** A person's email address, in a path part or a query value. */
const holdsEmail = (decoded: string) => decoded.includes('@');

function maskPath(path: string): string {
  const parts = path.split('/');
  for (let i = 0; i < parts.length; i++) {
    const decoded = readable(parts[i] as string);
    if (decoded === RESET_PART) return i + 1 < parts.length ? `${parts.slice(0, i + 1).join('/')}/***` : path;
    // An encoded slash keeps the token in the same part as the name.
    if (decoded.includes(RESET_PART)) return `${parts.slice(0, i).join('/')}/***`;
    if (holdsEmail(decoded)) parts[i] = '***';
  }
  return parts.join('/');
}

function maskQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return holdsEmail(readable(pair, true)) ? '***' : pair;
      const name = pair.slice(0, equals);
      const secret =
        SECRET_NAMES.has(readable(name, true).trim()) || holdsEmail(readable(pair.slice(equals + 1), true));
      return secret ? `${name}=***` : pair;
    })
    .join('&');
}

/** An address as it may be logged: the values of secret parameters, a reset link's token and
 * email addresses masked; the provider's query left out. */
export function maskUrl(url: string): string {
  // Most addresses hold no query, no encoding, no email and no reset path: nothing to mask.
  if (!/[?%@]|set-password/i.test(url)) return url;
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (mark !== -1 && readable(path).startsWith(PROVIDER_PREFIX)) return `${maskPath(path)}?***`;
  return mark === -1 ? maskPath(path) : `${maskPath(path)}?${maskQuery(url.slice(mark + 1))}`;
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
