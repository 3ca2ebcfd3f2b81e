import { atom } from 'jotai';
import { adminCall } from '../api';

/** Clears the tenant-settings cache on every node. */
export const clearSettingsCacheAtom = atom(null, async (get, set) => {
  await adminCall(get, set, 'clearSettingsCache');
});
