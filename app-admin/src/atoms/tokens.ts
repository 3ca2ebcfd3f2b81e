import type { Token } from '@helios/api';
import { atom } from 'jotai';
import { adminCall } from '../api';
import { emptyLoaded, type Loaded } from './load';

export const tokensAtom = atom<Loaded<Token> & { accountId: string | null }>({
  ...emptyLoaded<Token>(),
  accountId: null,
});

/** An account's live tokens: key and seconds left. */
export const loadTokensAtom = atom(null, async (get, set, accountId: string) => {
  const request = get(tokensAtom).request + 1;
  set(tokensAtom, { accountId, status: 'loading', items: [], request });
  try {
    const tokens = await adminCall(get, set, 'tokens', { params: { account_id: accountId } });
    const items = [...tokens].sort((a, b) => a.ttl - b.ttl);
    if (get(tokensAtom).request === request) set(tokensAtom, { accountId, status: 'idle', items, request });
  } catch {
    if (get(tokensAtom).request === request) set(tokensAtom, { accountId, status: 'failed', items: [], request });
  }
});
