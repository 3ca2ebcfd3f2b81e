import type { AdminAccount, PasswordResetLink } from '@helios/api';
import { atom } from 'jotai';
import { adminCall } from '../api';
import { sortResetLinks } from '../lib/reset-links';
import { emptyLoaded, emptySearched, type Loaded, type Searched } from './load';

export const accountSearchAtom = atom<Searched<AdminAccount>>(emptySearched<AdminAccount>());

/** Searches accounts by name or email; an empty term clears the list to empty and idle (spec §4). */
export const searchAccountsAtom = atom(null, async (get, set, input: string) => {
  const term = input.trim();
  const request = get(accountSearchAtom).request + 1;
  if (term === '') {
    set(accountSearchAtom, { ...emptySearched<AdminAccount>(), request });
    return;
  }
  set(accountSearchAtom, { term, searched: true, status: 'loading', items: [], request });
  try {
    const items = await adminCall(get, set, 'searchAccounts', { params: { term } });
    if (get(accountSearchAtom).request === request)
      set(accountSearchAtom, { term, searched: true, status: 'idle', items, request });
  } catch {
    if (get(accountSearchAtom).request === request)
      set(accountSearchAtom, { term, searched: true, status: 'failed', items: [], request });
  }
});

function replaceAccount(list: AdminAccount[], account: AdminAccount): AdminAccount[] {
  return list.map((item) => (item.id === account.id ? account : item));
}

/** Deletes one credential; the server answers the account as it is now. */
export const deleteCredentialAtom = atom(null, async (get, set, input: { accountId: string; credentialId: string }) => {
  const account = await adminCall(get, set, 'accountDeleteCredential', { params: input });
  set(accountSearchAtom, (search) => ({ ...search, items: replaceAccount(search.items, account) }));
});

/** Mails the account a password-reset link. */
export const sendResetEmailAtom = atom(null, async (get, set, accountId: string) => {
  await adminCall(get, set, 'accountResetPassword', { params: { accountId } });
});

/** A single-use sign-in link (with a clavis) into an active tenant as the account. */
export const accountLoginAsAtom = atom(null, async (get, set, input: { accountId: string; tenantId: string }) => {
  const { url } = await adminCall(get, set, 'accountLoginAs', { params: input });
  return url;
});

/** Active password-reset links, sorted by email. */
export const resetLinksAtom = atom<Loaded<PasswordResetLink>>(emptyLoaded<PasswordResetLink>());

export const loadResetLinksAtom = atom(null, async (get, set) => {
  const request = get(resetLinksAtom).request + 1;
  set(resetLinksAtom, { status: 'loading', items: [], request });
  try {
    const links = await adminCall(get, set, 'passwordResets');
    if (get(resetLinksAtom).request === request)
      set(resetLinksAtom, { status: 'idle', items: sortResetLinks(links), request });
  } catch {
    if (get(resetLinksAtom).request === request) set(resetLinksAtom, { status: 'failed', items: [], request });
  }
});

/** Empties the reset-link list (to idle) when its dialog closes: the links are secrets. */
export const clearResetLinksAtom = atom(null, (get, set) => {
  set(resetLinksAtom, { ...emptyLoaded<PasswordResetLink>(), request: get(resetLinksAtom).request + 1 });
});
