import type { KeyValue, TenantDetail, TenantSummary, TenantUser } from '@helios/api';
import type { LoadState } from '@helios/design-system';
import { atom, type Setter } from 'jotai';
import { adminCall } from '../api';
import { withSetting } from '../lib/sms';
import { emptyLoaded, emptySearched, type Loaded, type Searched } from './load';

/** Spec §9: the tenant user search filters from more than 2 characters. */
export const USER_SEARCH_MIN = 3;

export const tenantSearchAtom = atom<Searched<TenantSummary>>(emptySearched<TenantSummary>());

/** Ids of the tenant rows that are open. */
export const expandedTenantsAtom = atom<ReadonlySet<string>>(new Set<string>());

export const toggleTenantAtom = atom(null, (get, set, id: string, open?: boolean) => {
  const next = new Set(get(expandedTenantsAtom));
  const shouldOpen = open ?? !next.has(id);
  if (shouldOpen) next.add(id);
  else next.delete(id);
  set(expandedTenantsAtom, next);
});

/** Searches tenants by name or slug; a blank term empties the list. */
export const searchTenantsAtom = atom(null, async (get, set, input: string) => {
  const term = input.trim();
  if (term === '') {
    set(clearTenantSearchAtom);
    return;
  }
  const request = get(tenantSearchAtom).request + 1;
  set(tenantSearchAtom, { term, searched: true, status: 'loading', items: [], request });
  try {
    const items = await adminCall(get, set, 'searchTenants', { params: { term } });
    if (get(tenantSearchAtom).request === request)
      set(tenantSearchAtom, { term, searched: true, status: 'idle', items, request });
  } catch {
    if (get(tenantSearchAtom).request === request)
      set(tenantSearchAtom, { term, searched: true, status: 'failed', items: [], request });
  }
});

/** Clearing the search empties the list (spec §4). */
export const clearTenantSearchAtom = atom(null, (get, set) => {
  set(tenantSearchAtom, { ...emptySearched<TenantSummary>(), request: get(tenantSearchAtom).request + 1 });
  set(expandedTenantsAtom, new Set<string>());
});

/** Shows one tenant, opened: `?tenant-id=` (e.g. right after creating it). */
export const showTenantAtom = atom(null, async (get, set, id: string) => {
  const request = get(tenantSearchAtom).request + 1;
  set(tenantSearchAtom, { term: '', searched: true, status: 'loading', items: [], request });
  try {
    const tenant = await adminCall(get, set, 'tenant', { params: { tenantId: id } });
    if (get(tenantSearchAtom).request !== request) return;
    set(tenantSearchAtom, { term: '', searched: true, status: 'idle', items: [tenant], request });
    set(toggleTenantAtom, id, true);
  } catch {
    if (get(tenantSearchAtom).request === request)
      set(tenantSearchAtom, { term: '', searched: true, status: 'failed', items: [], request });
  }
});

/** What an open tenant row shows besides its users. */
export type TenantDetails = {
  status: LoadState;
  tenant: TenantDetail | null;
  settings: KeyValue[];
  sms: KeyValue[];
};
const emptyDetails: TenantDetails = { status: 'idle', tenant: null, settings: [], sms: [] };

export const tenantDetailsAtom = atom<Record<string, TenantDetails>>({});

function updateTenant(set: Setter, id: string, change: Partial<TenantDetails>) {
  set(tenantDetailsAtom, (all) => ({ ...all, [id]: { ...(all[id] ?? emptyDetails), ...change } }));
}

/** Loads a tenant, its settings and its SMS settings together. */
export const loadTenantDetailsAtom = atom(null, async (get, set, id: string) => {
  const update = (change: Partial<TenantDetails>) => updateTenant(set, id, change);
  update({ status: 'loading' });
  try {
    const params = { tenantId: id };
    const [tenant, settings, sms] = await Promise.all([
      adminCall(get, set, 'tenant', { params }),
      adminCall(get, set, 'tenantSettings', { params }),
      adminCall(get, set, 'smsSettings', { params }),
    ]);
    update({ status: 'idle', tenant, settings, sms });
  } catch {
    update({ status: 'failed' });
  }
});

/** Saves one SMS setting (a JSON string value). */
export const saveSmsSettingAtom = atom(
  null,
  async (get, set, input: { tenantId: string; key: 'system_sms' | 'sms_info' | 'sms_sign'; value: string }) => {
    const saved = await adminCall(get, set, 'setSmsSetting', {
      params: { tenantId: input.tenantId },
      body: { key: input.key, value: input.value },
    });
    const current = get(tenantDetailsAtom)[input.tenantId]?.sms ?? [];
    updateTenant(set, input.tenantId, { sms: withSetting(current, saved) });
  },
);

/** Adds (or, with a negative number, removes) SMS credits; the server answers the new total. */
export const addSmsCreditsAtom = atom(null, async (get, set, input: { tenantId: string; credits: number }) => {
  const total = await adminCall(get, set, 'addSmsCredits', {
    params: { tenantId: input.tenantId },
    body: { credits: input.credits },
  });
  const tenant = get(tenantDetailsAtom)[input.tenantId]?.tenant;
  if (tenant) updateTenant(set, input.tenantId, { tenant: { ...tenant, sms_credits: total } });
  return total;
});

/** Sets or clears the deactivation time (UTC); the row's summary follows. */
export const saveDeactivationAtom = atom(
  null,
  async (get, set, input: { tenantId: string; inactiveAt: string | null }) => {
    const tenant = await adminCall(get, set, 'setDeactivation', {
      params: { tenantId: input.tenantId },
      body: { inactive_at: input.inactiveAt },
    });
    updateTenant(set, input.tenantId, { tenant });
    set(tenantSearchAtom, (search) => ({
      ...search,
      items: search.items.map((item) => (item.id === tenant.id ? { ...item, inactive_at: tenant.inactive_at } : item)),
    }));
  },
);

/** Saves a tenant setting, new or changed. */
export const saveTenantSettingAtom = atom(
  null,
  async (get, set, input: { tenantId: string; key: string; value: string }) => {
    const saved = await adminCall(get, set, 'setTenantSetting', {
      params: { tenantId: input.tenantId },
      body: { key: input.key, value: input.value },
    });
    const settings = get(tenantDetailsAtom)[input.tenantId]?.settings ?? [];
    const exists = settings.some((setting) => setting.key === saved.key);
    updateTenant(set, input.tenantId, {
      settings: exists
        ? settings.map((setting) => (setting.key === saved.key ? { key: saved.key, value: saved.value } : setting))
        : [...settings, { key: saved.key, value: saved.value }],
    });
  },
);

/** Users of open tenants, each with its own search. */
export type TenantUsers = Loaded<TenantUser> & { filter: string | undefined };
export const tenantUsersAtom = atom<Record<string, TenantUsers>>({});

/** The filter a typed term gives: only more than 2 characters filter (spec §5). */
export function userFilter(term: string): string | undefined {
  const trimmed = term.trim();
  return trimmed.length >= USER_SEARCH_MIN ? trimmed : undefined;
}

/** Loads a tenant's users, filtered by the term when it is long enough. */
export const loadTenantUsersAtom = atom(
  null,
  async (get, set, input: { tenantId: string; term: string; force?: boolean }) => {
    const filter = userFilter(input.term);
    const current = get(tenantUsersAtom)[input.tenantId] ?? { ...emptyLoaded<TenantUser>(), filter: undefined };
    // A shorter term than the threshold, or the same filter again, changes nothing.
    if (!input.force && current.request > 0 && current.filter === filter && current.status !== 'failed') return;
    const request = current.request + 1;
    const put = (users: TenantUsers) => set(tenantUsersAtom, (all) => ({ ...all, [input.tenantId]: users }));
    put({ ...current, filter, status: 'loading', request });
    const stillCurrent = () => get(tenantUsersAtom)[input.tenantId]?.request === request;
    try {
      const items = await adminCall(get, set, 'tenantUsers', {
        params: { tenantId: input.tenantId },
        query: filter === undefined ? {} : { search: filter },
      });
      if (stillCurrent()) put({ filter, status: 'idle', items, request });
    } catch {
      if (stillCurrent()) put({ filter, status: 'failed', items: [], request });
    }
  },
);

/** A sign-in link into the tenant as its admin. */
export const tenantLoginAsAdminAtom = atom(null, async (get, set, tenantId: string) => {
  const { url } = await adminCall(get, set, 'tenantLoginAsAdmin', { params: { tenantId } });
  return url;
});

/** A sign-in link into the tenant as one of its users. */
export const tenantUserLoginAsAtom = atom(null, async (get, set, input: { tenantId: string; accountId: string }) => {
  const { url } = await adminCall(get, set, 'tenantUserLoginAs', { params: input });
  return url;
});

/** Creates a tenant and answers its id. */
export const createTenantAtom = atom(null, async (get, set, input: { name: string; slug: string }) => {
  const { id } = await adminCall(get, set, 'createTenant', { body: { name: input.name.trim(), slug: input.slug } });
  return id;
});
