import type { TenantSummary } from '@helios/api';
import { atom } from 'jotai';
import { adminCall } from '../api';
import type { notificationBody } from '../lib/notification';
import { emptyLoaded, type Loaded } from './load';

/** Every tenant, to choose who gets a notification. */
export const notificationTenantsAtom = atom<Loaded<TenantSummary>>(emptyLoaded<TenantSummary>());

export const loadNotificationTenantsAtom = atom(null, async (get, set) => {
  const request = get(notificationTenantsAtom).request + 1;
  set(notificationTenantsAtom, (current) => ({ ...current, status: 'loading', request }));
  try {
    const tenants = await adminCall(get, set, 'listTenants');
    const items = [...tenants].sort((a, b) => a.name.localeCompare(b.name));
    if (get(notificationTenantsAtom).request === request)
      set(notificationTenantsAtom, { status: 'idle', items, request });
  } catch {
    if (get(notificationTenantsAtom).request === request)
      set(notificationTenantsAtom, { status: 'failed', items: [], request });
  }
});

/** Broadcasts a notification. */
export const sendNotificationAtom = atom(null, async (get, set, body: ReturnType<typeof notificationBody>) => {
  await adminCall(get, set, 'notify', { body });
});
