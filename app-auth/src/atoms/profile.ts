import type { UserInfo } from '@helios/api';
import { atom } from 'jotai';

/** The signed-in account as the server last described it; shared by the profile and the
 * two-factor setup (activation answers with the updated account). */
export const userInfoAtom = atom<UserInfo | null>(null);

/** A confirmation for the profile page to show once when it opens next, e.g. after two-factor
 * setup navigated there. */
export type ProfileNotice = 'totpActivated';
export const profileNoticeAtom = atom<ProfileNotice | null>(null);

/** Recovery codes the server just gave (with a first security key), for the profile to show once. */
export const newRecoveryCodesAtom = atom<string[] | null>(null);
