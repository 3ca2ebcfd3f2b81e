/** Connection failures: the database is down, restarting or unreachable (SQLSTATE classes 08,
 * connection exception, and 57P, operator intervention such as a shutdown). */
const OUTAGE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
const OUTAGE_SQLSTATE = /^(08|57P)/;
/** node-postgres reports a connection lost mid-query, or a client broken by it, without a code. */
const OUTAGE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout expired',
]);

/** Whether an error (or the error it wraps, as drizzle's query errors do) means the database
 * cannot be reached right now, which answers 503 instead of 500. */
export function isDatabaseDown(error: unknown): boolean {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && (OUTAGE_CODES.has(e.code) || OUTAGE_SQLSTATE.test(e.code))) return true;
    if (typeof e.message === 'string' && OUTAGE_MESSAGES.has(e.message)) return true;
  }
  return false;
}
