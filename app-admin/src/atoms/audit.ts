import type { AuditEvent, AuditFilters } from '@helios/api';
import { atom } from 'jotai';
import { adminCall, adminDownload } from '../api';
import { fileDownloadAtom } from '../lib/download';
import { emptyLoaded, type Loaded } from './load';

/** Events on one page of the console's audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** The audit log as loaded so far for one set of filters: its pages, where the next one starts,
 * and how loading the next one stands. */
export type AuditLog = Loaded<AuditEvent> & {
  filters: AuditFilters | null;
  nextCursor: string | null;
  more: 'idle' | 'loading' | 'failed';
};

export const auditLogAtom = atom<AuditLog>({
  ...emptyLoaded<AuditEvent>(),
  filters: null,
  nextCursor: null,
  more: 'idle',
});

/** The first page of the log for the filters (newest first). */
export const loadAuditLogAtom = atom(null, async (get, set, filters: AuditFilters) => {
  const request = get(auditLogAtom).request + 1;
  set(auditLogAtom, { status: 'loading', items: [], request, filters, nextCursor: null, more: 'idle' });
  try {
    const page = await adminCall(get, set, 'auditEvents', { query: { ...filters, limit: AUDIT_PAGE_SIZE } });
    if (get(auditLogAtom).request === request)
      set(auditLogAtom, {
        status: 'idle',
        items: page.events,
        request,
        filters,
        nextCursor: page.next_cursor,
        more: 'idle',
      });
  } catch {
    if (get(auditLogAtom).request === request)
      set(auditLogAtom, { status: 'failed', items: [], request, filters, nextCursor: null, more: 'idle' });
  }
});

/** The next page, after the last one loaded; a new search meanwhile drops its answer. */
export const loadMoreAuditAtom = atom(null, async (get, set) => {
  const log = get(auditLogAtom);
  if (!log.nextCursor || !log.filters || log.more === 'loading') return;
  const { request, filters, nextCursor } = log;
  set(auditLogAtom, { ...log, more: 'loading' });
  try {
    const page = await adminCall(get, set, 'auditEvents', {
      query: { ...filters, cursor: nextCursor, limit: AUDIT_PAGE_SIZE },
    });
    const now = get(auditLogAtom);
    if (now.request === request)
      set(auditLogAtom, { ...now, items: [...now.items, ...page.events], nextCursor: page.next_cursor, more: 'idle' });
  } catch {
    const now = get(auditLogAtom);
    if (now.request === request) set(auditLogAtom, { ...now, more: 'failed' });
  }
});

/** Every action the log holds, for the action filter. */
export const auditActionsAtom = atom<Loaded<string>>(emptyLoaded<string>());

export const loadAuditActionsAtom = atom(null, async (get, set) => {
  const request = get(auditActionsAtom).request + 1;
  set(auditActionsAtom, { status: 'loading', items: [], request });
  try {
    const { actions } = await adminCall(get, set, 'auditActions');
    if (get(auditActionsAtom).request === request) set(auditActionsAtom, { status: 'idle', items: actions, request });
  } catch {
    if (get(auditActionsAtom).request === request) set(auditActionsAtom, { status: 'failed', items: [], request });
  }
});

/** Exports the filtered log as CSV and saves it. A POST (never a link), so another site cannot
 * make the browser export the log; a 401 or 403 is reported to the shell like any admin call. */
export const exportAuditAtom = atom(null, async (get, set, filters: AuditFilters) => {
  const file = await adminDownload(get, set, 'auditExport', { body: filters });
  get(fileDownloadAtom).save(file.fileName ?? 'audit.csv', file.content);
});
