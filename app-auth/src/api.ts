import { type ApiClient, createClient } from '@helios/api';
import { atom, useAtomValue } from 'jotai';

/** The API client every page uses. Stories put a client over a mocked fetch in this atom. */
export const apiAtom = atom<ApiClient>(createClient());

export function useApi(): ApiClient {
  return useAtomValue(apiAtom);
}
