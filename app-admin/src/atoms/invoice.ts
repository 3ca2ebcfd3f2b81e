import type { InvoiceRow } from '@helios/api';
import { atom } from 'jotai';
import { adminCall } from '../api';
import { emptyLoaded, type Loaded } from './load';

export const invoiceAtom = atom<Loaded<InvoiceRow>>(emptyLoaded<InvoiceRow>());

/** Invoice figures per tenant, by tenant name. */
export const loadInvoiceAtom = atom(null, async (get, set) => {
  const request = get(invoiceAtom).request + 1;
  set(invoiceAtom, (current) => ({ ...current, status: 'loading', request }));
  try {
    const rows = await adminCall(get, set, 'invoice');
    const items = [...rows].sort((a, b) => a.name.localeCompare(b.name));
    if (get(invoiceAtom).request === request) set(invoiceAtom, { status: 'idle', items, request });
  } catch {
    if (get(invoiceAtom).request === request) set(invoiceAtom, { status: 'failed', items: [], request });
  }
});
