import { Readable } from 'node:stream';
import { adminRoutes, ErrorCode } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import { auditAdmin } from '../admin/audit';
import type { Context } from '../context';
import { registerAdmin } from '../http/auth';
import { HttpError } from '../http/errors';
import { csvLine } from './csv';
import { type AuditCursor, decodeCursor, encodeCursor } from './cursor';
import { type AuditFilter, auditActionNames, auditPage } from './query';

/** Rows read per query while the CSV export streams. */
const EXPORT_BATCH = 1000;

const CSV_HEADER = [
  'time',
  'action',
  'actor_id',
  'actor_email',
  'actor_name',
  'target_type',
  'target_id',
  'target',
  'ip',
  'details',
];

/** The console's audit log (docs/admin.md, "Audit log"): read-only, admins only. */
export function registerAuditAdminRoutes(app: FastifyInstance, ctx: Context) {
  registerAdmin(app, ctx, adminRoutes.auditEvents, async ({ query }) => {
    const { cursor: cursorText, limit, ...filter } = query;
    const cursor = cursorText ? decodeCursor(cursorText) : null;
    if (cursorText && !cursor)
      throw new HttpError(422, ErrorCode.validation, 'Invalid query', {}, [
        { type: ErrorCode.validation, msg: 'query.cursor: Malformed cursor' },
      ]);
    const page = await auditPage(ctx.db, filter, cursor, limit);
    return { events: page.events, next_cursor: page.more && page.last ? encodeCursor(page.last) : null };
  });

  registerAdmin(app, ctx, adminRoutes.auditActions, async () => ({ actions: await auditActionNames(ctx.db) }));

  registerAdmin(app, ctx, adminRoutes.auditExport, async ({ body }, call) => {
    await auditAdmin(ctx, call, 'audit.exported', null, { filters: body });
    const stamp = ctx.now().toISOString().slice(0, 10);
    return call.reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="audit-${stamp}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(Readable.from(csvRows(ctx, body)));
  });
}

/** A byte order mark: without it a spreadsheet program may read the UTF-8 file as another
 * encoding and garble å, ä and ö. */
const BOM = '\uFEFF';

/** The filtered log as CSV lines, read a batch at a time. */
async function* csvRows(ctx: Context, filter: AuditFilter): AsyncGenerator<string> {
  yield BOM + csvLine(CSV_HEADER);
  let cursor: AuditCursor | null = null;
  for (;;) {
    const page = await auditPage(ctx.db, filter, cursor, EXPORT_BATCH);
    yield page.events
      .map((event) =>
        csvLine([
          event.at,
          event.action,
          event.actor?.id,
          event.actor?.email,
          event.actor?.name,
          event.target?.type,
          event.target?.id,
          event.target?.label,
          event.ip,
          JSON.stringify(event.details),
        ]),
      )
      .join('');
    if (!page.more || !page.last) return;
    cursor = page.last;
  }
}
