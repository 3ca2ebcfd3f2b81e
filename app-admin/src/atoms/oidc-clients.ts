import type { OidcClientView, UpdateOidcClient } from '@helios/api';
import type { LoadState } from '@helios/design-system';
import { atom, type Setter } from 'jotai';
import { adminCall } from '../api';

/** A tenant instance's OpenID Connect client as last loaded or saved. Never its secret. */
export type OidcClientState = { status: LoadState; client: OidcClientView | null };

/** The clients of open tenant rows, by tenant id. */
export const oidcClientsAtom = atom<Record<string, OidcClientState>>({});

function put(set: Setter, tenantId: string, state: OidcClientState) {
  set(oidcClientsAtom, (all) => ({ ...all, [tenantId]: state }));
}

export const loadOidcClientAtom = atom(null, async (get, set, tenantId: string) => {
  put(set, tenantId, { status: 'loading', client: null });
  try {
    put(set, tenantId, {
      status: 'idle',
      client: await adminCall(get, set, 'tenantOidcClient', { params: { tenantId } }),
    });
  } catch {
    put(set, tenantId, { status: 'failed', client: null });
  }
});

/** Sets the client's exact redirect URIs; answers the client as the server now has it. */
export const saveOidcClientAtom = atom(null, async (get, set, input: { tenantId: string; body: UpdateOidcClient }) => {
  const client = await adminCall(get, set, 'updateTenantOidcClient', {
    params: { tenantId: input.tenantId },
    body: input.body,
  });
  put(set, input.tenantId, { status: 'idle', client });
  return client;
});

/** Makes a new client secret (the old one stops working at once). The secret goes to the caller
 * only and is never kept in the store, so the dialog that shows it forgets it when it closes. */
export const rotateOidcSecretAtom = atom(null, async (get, set, tenantId: string) => {
  const { client_secret } = await adminCall(get, set, 'rotateTenantOidcSecret', { params: { tenantId } });
  return client_secret;
});
