import type { ApiClient } from '@helios/api';
import { atom, useAtomValue } from 'jotai';

let loaded: ApiClient | null = null;
let loading: Promise<ApiClient> | null = null;

/** Loads the client with the contract's schemas, once. */
export function loadApiClient(): Promise<ApiClient> {
  loading ??= import('@helios/api').then(({ createClient }) => {
    loaded = createClient();
    return loaded;
  });
  return loading;
}

/** The portal's client. The contract (zod schemas) loads with the first call, so the sign-in form
 * is usable before it arrives. `url` needs it loaded: every page but sign-in loads with it (see
 * app.tsx), and sign-in asks for an address only after a call. */
const lazyClient: ApiClient = {
  call: ((name, input) => loadApiClient().then((client) => client.call(name, input))) as ApiClient['call'],
  download: ((name, input) => loadApiClient().then((client) => client.download(name, input))) as ApiClient['download'],
  url: ((name, input) => {
    if (!loaded) throw new Error('The API client is not loaded yet.');
    return loaded.url(name, input);
  }) as ApiClient['url'],
};

/** The API client every page uses. Stories put a client over a mocked fetch in this atom. */
export const apiAtom = atom<ApiClient>(lazyClient);

export function useApi(): ApiClient {
  return useAtomValue(apiAtom);
}
