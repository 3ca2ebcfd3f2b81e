/** Where a page of the audit log ends: the (time, id) of its last event. The time is PostgreSQL's
 * own text with microseconds, so the next page starts exactly after it. */
export type AuditCursor = { at: string; id: number };

const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** Whether a time of the cursor's form names a real moment: `Date.parse` rolls 2024-02-30 over to
 * March, which PostgreSQL refuses, so the time must come back from a round trip unchanged. */
function isRealTime(at: string): boolean {
  const time = Date.parse(at);
  return !Number.isNaN(time) && new Date(time).toISOString() === `${at.slice(0, 23)}Z`;
}

/** The opaque form a client gets back as `next_cursor`. */
export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

/** The cursor a client sent, or null when it is not one this server made. */
export function decodeCursor(text: string): AuditCursor | null {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const [at, id, ...rest] = decoded.split('|');
  if (rest.length > 0 || !at || !id || !TIME.test(at) || !isRealTime(at)) return null;
  if (!/^[1-9]\d{0,17}$/.test(id)) return null;
  const number = Number(id);
  return Number.isSafeInteger(number) ? { at, id: number } : null;
}
