import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../api';
import { newRecoveryCodesAtom, userInfoAtom } from '../atoms/profile';
import { type ErrorKey, errorKey } from '../lib/errors';

/** Signing out of the portal: ends the session, forgets the account (and any recovery codes on
 * show) and goes to sign-in; a
 * failure stays on the page with its message. */
export function useSignOut() {
  const api = useApi();
  const navigate = useNavigate();
  const setUser = useSetAtom(userInfoAtom);
  const setNewRecoveryCodes = useSetAtom(newRecoveryCodesAtom);
  const [signingOut, setSigningOut] = useState(false);
  const [failure, setFailure] = useState<ErrorKey | null>(null);

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    setFailure(null);
    try {
      await api.call('logout');
      setUser(null);
      setNewRecoveryCodes(null);
      navigate('/login');
    } catch (error) {
      setFailure(errorKey(error));
      setSigningOut(false);
    }
  }

  return { signOut, signingOut, failure };
}
