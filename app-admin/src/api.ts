import { type ApiClient, type CallInput, type CallOutput, createClient, type RouteName } from '@helios/api';
import { atom, type Getter, type Setter } from 'jotai';
import { isAuthFailure } from './lib/errors';

/** The API client every call goes through. Stories put a client over a mocked fetch in this atom. */
export const apiAtom = atom<ApiClient>(createClient());

/** The last admin call that answered 401 or 403; the shell reacts by checking the session again. */
export type AuthFailure = { status: 401 | 403 };
export const authFailureAtom = atom<AuthFailure | null>(null);

/**
 * Every admin call of the console goes through here: the one place where a 401 or 403 is
 * reported to the shell (spec §2). The error is still thrown, so the caller's own state settles.
 */
export async function adminCall<N extends RouteName>(
  get: Getter,
  set: Setter,
  name: N,
  input?: CallInput<N>,
): Promise<CallOutput<N>> {
  try {
    return await get(apiAtom).call(name, input);
  } catch (error) {
    if (isAuthFailure(error)) set(authFailureAtom, { status: error.status === 403 ? 403 : 401 });
    throw error;
  }
}

/** A file from an admin call (`produces`), through the same 401/403 reporting as `adminCall`. */
export async function adminDownload<N extends RouteName>(
  get: Getter,
  set: Setter,
  name: N,
  input?: CallInput<N>,
): Promise<{ content: Blob; fileName: string | null }> {
  try {
    return await get(apiAtom).download(name, input);
  } catch (error) {
    if (isAuthFailure(error)) set(authFailureAtom, { status: error.status === 403 ? 403 : 401 });
    throw error;
  }
}
