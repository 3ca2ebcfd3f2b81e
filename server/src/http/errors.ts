import { type ErrorBody, ErrorCode, type ErrorDetail } from '@helios/api';

/** An answer with the contract's error shape. Thrown anywhere in a handler. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body(): ErrorBody {
    return { detail: this.details.length > 0 ? this.details : [{ type: this.type, msg: this.message }] };
  }
}

export const errors = {
  sessionMissing: () => new HttpError(404, ErrorCode.loginSessionMissing, 'Login session expired or unknown'),
  invalidState: () =>
    new HttpError(409, ErrorCode.invalidLoginSessionState, 'This step does not fit the login session'),
  invalidCredentials: () => new HttpError(401, ErrorCode.invalidCredentials, 'Invalid credentials'),
  accountLocked: () =>
    new HttpError(423, ErrorCode.accountLocked, 'Account temporarily locked after too many failed attempts'),
  invalidTotp: () => new HttpError(401, ErrorCode.invalidTotp, 'Invalid code'),
  invalidRecoveryCode: () => new HttpError(401, ErrorCode.invalidRecoveryCode, 'Invalid or used recovery code'),
  otpInvalid: () => new HttpError(401, ErrorCode.otpInvalid, 'One-time password invalid'),
  otpSessionInvalid: () => new HttpError(401, ErrorCode.otpSessionInvalid, 'One-time password expired'),
  otpRetriesExceeded: () => new HttpError(429, ErrorCode.otpRetriesExceeded, 'Too many invalid retries'),
  unauthenticated: () => new HttpError(401, ErrorCode.unauthenticated, 'Not signed in'),
  forbidden: () => new HttpError(403, ErrorCode.forbidden, 'Not allowed'),
  tokenInvalid: () => new HttpError(406, ErrorCode.invalidOrExpiredToken, 'Invalid or expired token'),
  notFound: (what = 'Not found') => new HttpError(404, ErrorCode.notFound, what),
  rateLimited: (retryAfterSeconds: number) =>
    new HttpError(429, ErrorCode.rateLimited, 'Too many requests', { 'retry-after': String(retryAfterSeconds) }),
  unavailable: () =>
    new HttpError(503, ErrorCode.serviceUnavailable, 'Service temporarily unavailable, try again shortly', {
      'retry-after': '5',
    }),
};

/** A query's values (`params: …` in a failed query's message and stack) can be a token the
 * identity provider looks up by its value, a code or an email: never logged. */
const QUERY_PARAMS = /\nparams: [^\n]*/g;

/** A failure as the command line prints it: its message and its cause's ("the session store is
 * unavailable: Redis not reachable at …"), with any query values cut out: a failed query would
 * otherwise print an email (`admin grant`) or sealed keys and secrets (`keys rotate`, `client
 * sharing-portal`) into a deployment's job log. */
export function failureText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return message.replace(QUERY_PARAMS, '') + cause.replace(QUERY_PARAMS, '');
}

/** An error as it may be logged: its type, code and message, and the stack when asked for, with
 * any query values cut out. */
export function errorForLog(error: unknown, options: { stack?: boolean } = {}) {
  const e = (error ?? {}) as {
    name?: string;
    message?: string;
    code?: string;
    stack?: string;
    cause?: { code?: string };
  };
  return {
    type: e.name,
    code: e.code ?? e.cause?.code,
    message: String(e.message ?? error).replace(QUERY_PARAMS, ''),
    ...(options.stack && e.stack ? { stack: e.stack.replace(QUERY_PARAMS, '') } : {}),
  };
}
