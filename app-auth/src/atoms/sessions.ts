import type { PortalSessionInfo } from '@helios/api';
import { atom } from 'jotai';

/** Where the signed-in account is signed in, as the server last listed it (most recently active
 * first); null until the profile loads it. */
export const sessionsAtom = atom<PortalSessionInfo[] | null>(null);
