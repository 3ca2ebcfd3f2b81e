import { ErrorCode, type LoginSessionResponse } from '@helios/api';
import { useAtom, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApi } from '../../api';
import { initialLogin, loginAtom, loginBusyAtom, loginErrorAtom, viewFrom } from '../../atoms/login';
import { INVALID_SESSION_RESET_MS, SHARING_PORTAL_CLIENT_ID, SHARING_PORTAL_ENTRY } from '../../lib/constants';
import { errorCode, errorKey, errorKeyForCode, isHardOtpError } from '../../lib/errors';
import { useExternalNavigate } from '../../lib/navigation';
import { safeReturnPath } from '../../lib/return-path';

const RESETTING_CODES = new Set<string>([ErrorCode.invalidLoginSessionState, ErrorCode.loginSessionMissing]);

/** Where a federated provider's sign-in starts for a login session. */
export function providerLoginUrl(provider: 'google' | 'microsoft', sessionId: string, link = false) {
  return `/auth/login/${link ? 'link/' : ''}oauth/${provider}?session_id=${encodeURIComponent(sessionId)}`;
}

/** The identity provider of a federated credential, by its issuer host. */
export function providerOf(host: string | null): 'google' | 'microsoft' | 'oidc' {
  if (!host) return 'oidc';
  if (/(^|\.)google\.com$|^google$/.test(host)) return 'google';
  if (/(^|\.)microsoftonline\.com$|(^|\.)microsoft\.com$|^microsoft$/.test(host)) return 'microsoft';
  return 'oidc';
}

/**
 * The login flow of spec §4: one hook owns every call and transition. Pages and steps read the
 * atoms and call these actions; nothing else talks to the login API.
 */
export function useLoginFlow() {
  const api = useApi();
  const navigate = useNavigate();
  const goExternal = useExternalNavigate();
  const [params, setParams] = useSearchParams();
  const [login, setLogin] = useAtom(loginAtom);
  const setError = useSetAtom(loginErrorAtom);
  const [busy, setBusy] = useAtom(loginBusyAtom);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clientId = params.get('client_id');
  const refresh = params.get('mode') === 'refresh';

  /** Keeps the login session id in the address, so a reload continues the same login. */
  const rememberSession = useCallback(
    (sessionId: string | null, email?: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (sessionId) next.set('session_id', sessionId);
          else next.delete('session_id');
          if (email !== undefined) {
            if (email) next.set('email', email);
            else next.delete('email');
          }
          next.delete('error');
          next.delete('error_type');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const finish = useCallback(
    (response: Pick<LoginSessionResponse, 'is_user' | 'is_stakeholder'>) => {
      const returnTo = safeReturnPath(params.get('from'));
      if (clientId) {
        const query = new URLSearchParams(params);
        query.delete('session_id');
        goExternal(`/oauth2/authorize?${query.toString()}`);
      } else if (returnTo) {
        // Back to the page that sent the person to sign in (e.g. a deep link in the admin console).
        goExternal(returnTo);
      } else if (response.is_stakeholder && !response.is_user) {
        goExternal(SHARING_PORTAL_ENTRY);
      } else {
        navigate('/login/select-tenant');
      }
    },
    [clientId, params, goExternal, navigate],
  );

  const apply = useCallback(
    (response: LoginSessionResponse, email: string) => {
      setLogin(viewFrom(response, email));
      setError(null);
      if (response.state === 'Done') finish(response);
      else if (response.session_id) rememberSession(response.session_id, email);
    },
    [setLogin, setError, finish, rememberSession],
  );

  const cancel = useCallback(() => {
    clearTimeout(resetTimer.current);
    setLogin(initialLogin);
    setError(null);
    rememberSession(null, '');
  }, [setLogin, setError, rememberSession]);

  const fail = useCallback(
    (error: unknown) => {
      const code = errorCode(error);
      const hard = isHardOtpError(code) || code === ErrorCode.accountLocked;
      setError({ code, key: errorKey(error), kind: hard ? 'hard' : 'soft' });
      if (code && RESETTING_CODES.has(code)) {
        clearTimeout(resetTimer.current);
        resetTimer.current = setTimeout(cancel, INVALID_SESSION_RESET_MS);
      }
    },
    [setError, cancel],
  );

  /** Runs one call at a time: no double submit. */
  const run = useCallback(
    async (call: () => Promise<LoginSessionResponse>, email: string) => {
      if (busy) return;
      setBusy(true);
      try {
        apply(await call(), email);
      } catch (error) {
        fail(error);
      } finally {
        setBusy(false);
      }
    },
    [busy, setBusy, apply, fail],
  );

  const start = useCallback(
    (email: string) => {
      const search = new URLSearchParams(params);
      search.delete('session_id');
      search.delete('email');
      return run(() => api.call('start', { body: { email }, search: search.toString() }), email.trim().toLowerCase());
    },
    [api, params, run],
  );

  const sessionId = login.sessionId ?? '';
  const actions = {
    start,
    cancel,
    resend: () => start(login.email),
    verifyOtp: (otp: string) =>
      run(() => api.call('verifyOtp', { body: { session_id: sessionId, email: login.email, otp } }), login.email),
    verifyPassword: (password: string, remember: boolean) =>
      run(
        () => api.call('verifyPassword', { body: { session_id: sessionId, email: login.email, password, remember } }),
        login.email,
      ),
    verifyMfa: (code: string, remember: boolean) =>
      run(() => api.call('verifyMfa', { body: { session_id: sessionId, totp_code: code, remember } }), login.email),
    mergeMfa: (code: string) =>
      run(() => api.call('mergeMfa', { body: { session_id: sessionId, totp_code: code } }), login.email),
    createPassword: (password: string) =>
      run(() => api.call('createPassword', { body: { session_id: sessionId, password } }), login.email),
    skipCreatePassword: () =>
      run(() => api.call('skipCreatePassword', { body: { session_id: sessionId } }), login.email),
    goToProvider: (provider: 'google' | 'microsoft', link = false) =>
      goExternal(providerLoginUrl(provider, sessionId, link)),
  };

  // On load: ping (with the session id when the address has one), then start at once when the
  // address names an email and no login is in progress. A provider's error comes back as ?error=.
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    const sessionFromUrl = params.get('session_id') ?? undefined;
    const emailFromUrl = params.get('email')?.trim() ?? '';
    const providerError = params.get('error');
    if (providerError) {
      setError({
        code: providerError,
        key: errorKeyForCode(providerError),
        kind: params.get('error_type') === 'hard' ? 'hard' : 'soft',
      });
    }
    (async () => {
      setBusy(true);
      try {
        const response = await api.call('ping', { query: sessionFromUrl ? { session_id: sessionFromUrl } : {} });
        if (response.state === 'Start' && !sessionFromUrl && emailFromUrl && !providerError) {
          setBusy(false);
          await start(emailFromUrl);
          return;
        }
        setLogin(viewFrom(response, emailFromUrl));
        if (response.state === 'Done') finish(response);
      } catch (error) {
        fail(error);
      } finally {
        setBusy(false);
      }
    })();
  }, [api, params, setBusy, setError, setLogin, start, finish, fail]);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const sharingPortal = clientId === SHARING_PORTAL_CLIENT_ID || (login.isStakeholder && !login.isUser);
  return { login, busy, refresh, sharingPortal, type: params.get('type'), actions };
}
