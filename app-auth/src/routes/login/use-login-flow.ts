import type { FederatedProviderId, LoginSessionResponse } from '@helios/api';
import { safeReturnPath } from '@helios/api/return-path';
import { useAtom, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loadApiClient, useApi } from '../../api';
import { initialLogin, loginAtom, loginBusyAtom, loginErrorAtom, viewFrom } from '../../atoms/login';
import { INVALID_SESSION_RESET_MS, SHARING_PORTAL_CLIENT_ID, SHARING_PORTAL_ENTRY } from '../../lib/constants';
import { useExternalNavigate } from '../../lib/navigation';
import { providerLoginUrl } from '../../lib/providers';

/** Error messages, the interaction check and security keys, loaded after the form shows, with
 * the API client alongside: the first call waits for both at once. */
const loadSupport = () => Promise.all([import('./flow-support'), loadApiClient()]).then(([support]) => support);

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
  const store = useStore();
  /** The page's first call (ping), while it is out. */
  const firstCall = useRef<Promise<void> | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Settles once the page's first call (and a start from the address) is done. The steps'
   * effects run before this hook's, so they wait on this rather than on `firstCall`. */
  const firstCallSettled = useRef<{ promise: Promise<void>; settle: () => void } | null>(null);
  if (!firstCallSettled.current) {
    let settle = () => {};
    const promise = new Promise<void>((resolve) => {
      settle = resolve;
    });
    firstCallSettled.current = { promise, settle };
  }

  const clientId = params.get('client_id');
  const refresh = params.get('mode') === 'refresh';

  /** Keeps the login's email in the address (its id stays in memory: the login cookie lets a
   * reload find the login in progress), and drops a shown provider error. */
  const rememberEmail = useCallback(
    (email: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('session_id');
          if (email) next.set('email', email);
          else next.delete('email');
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
    async (response: Pick<LoginSessionResponse, 'is_user' | 'is_stakeholder'>) => {
      const returnTo = safeReturnPath(params.get('from'));
      const interaction = (await loadSupport()).interactionOf(params);
      if (interaction) {
        // An instance's sign-in request (OpenID Connect) waits for this login to finish it.
        goExternal(api.url('interaction', { params: { uid: interaction } }));
      } else if (clientId) {
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
    [api, clientId, params, goExternal, navigate],
  );

  const apply = useCallback(
    (response: LoginSessionResponse, email: string) => {
      setLogin(viewFrom(response, email));
      setError(null);
      if (response.state === 'Done') void finish(response);
      else if (response.session_id) rememberEmail(email);
    },
    [setLogin, setError, finish, rememberEmail],
  );

  const cancel = useCallback(() => {
    clearTimeout(resetTimer.current);
    setLogin(initialLogin);
    setError(null);
    rememberEmail('');
  }, [setLogin, setError, rememberEmail]);

  const fail = useCallback(
    async (error: unknown) => {
      // Without the messages' chunk the server is out of reach too.
      const support = await loadSupport().catch(() => null);
      if (!support) {
        setError({ code: 'network_error', key: 'errors.network', kind: 'soft' });
        return;
      }
      const { code, key, hard, restarts } = support.loginFailure(error);
      setError({ code, key, kind: hard ? 'hard' : 'soft' });
      if (restarts) {
        clearTimeout(resetTimer.current);
        resetTimer.current = setTimeout(cancel, INVALID_SESSION_RESET_MS);
      }
    },
    [setError, cancel],
  );

  /** Runs one call at a time: no double submit. */
  const run = useCallback(
    async (call: () => Promise<LoginSessionResponse>, email: string) => {
      if (store.get(loginBusyAtom)) return;
      setBusy(true);
      try {
        apply(await call(), email);
      } catch (error) {
        await fail(error);
      } finally {
        setBusy(false);
      }
    },
    [store, setBusy, apply, fail],
  );

  const callStart = useCallback(
    (email: string) => {
      const search = new URLSearchParams(params);
      search.delete('session_id');
      search.delete('email');
      return run(() => api.call('start', { body: { email }, search: search.toString() }), email.trim().toLowerCase());
    },
    [api, params, run],
  );

  /** The email step's submit. One sent while the page's first call is still out waits for its
   * answer, and goes on only if that left the login at its start. A passkey request waiting in
   * the email field's suggestions ends: the person goes on with their email. */
  const start = useCallback(
    async (email: string) => {
      void loadSupport().then(
        (support) => support.cancelPasskeyRequest(),
        () => undefined,
      );
      if (firstCall.current) {
        if (store.get(loginBusyAtom)) return;
        setBusy(true);
        await firstCall.current;
        setBusy(false);
        if (store.get(loginAtom).state !== 'Start') return;
      }
      return callStart(email);
    },
    [store, setBusy, callStart],
  );

  /**
   * Signing in with a passkey: a login of its own with no email, answered from the browser's
   * prompt (the button) or from the email field's suggestions (`autofill`, conditional UI). The
   * suggestions are asked for once the page's first call has left the login at its start (a
   * reload in the middle of a login resumes that login instead), and wait without making the
   * page busy; the button's prompt replaces them.
   */
  const signInWithPasskey = useCallback(
    async (autofill: boolean): Promise<void> => {
      if (autofill) {
        await firstCallSettled.current?.promise;
        if (store.get(loginAtom).state !== 'Start') return;
      }
      if (store.get(loginBusyAtom)) return;
      const support = await loadSupport().catch(() => null);
      if (!support || (autofill && !(await support.passkeyAutofillAvailable()))) return;
      const showFailure = (error: unknown) =>
        setError({
          code: support.errorCode(error),
          key: support.passkeyErrorKey(error, support.errorKey),
          kind: 'soft',
        });
      const search = new URLSearchParams(params);
      search.delete('session_id');
      search.delete('email');
      if (!autofill) setBusy(true);
      let answer: { session_id: string; response: Awaited<ReturnType<typeof support.askForPasskey>> } | null = null;
      while (!answer) {
        // The suggestions wait as long as the person likes, but a challenge lasts only the options'
        // `timeout`: shortly before it ends they are asked for anew, with a new challenge.
        const renewal = { due: false, timer: undefined as ReturnType<typeof setTimeout> | undefined };
        try {
          const { session_id, options } = await api.call('passkeyLoginOptions', {
            body: {},
            search: search.toString(),
          });
          if (autofill && typeof options.timeout === 'number')
            renewal.timer = setTimeout(
              () => {
                renewal.due = true;
                support.cancelPasskeyRequest();
              },
              Math.max(1_000, options.timeout * 0.8),
            );
          answer = { session_id, response: await support.askForPasskey(options, autofill) };
        } catch (error) {
          setBusy(false);
          if (renewal.due && store.get(loginAtom).state === 'Start' && !store.get(loginBusyAtom)) continue;
          // The suggestions are an extra: when they cannot be offered, or end, the page says nothing.
          if (!autofill) showFailure(error);
          return;
        } finally {
          clearTimeout(renewal.timer);
        }
      }
      setBusy(true);
      try {
        apply(await api.call('verifyPasskey', { body: answer }), '');
      } catch (error) {
        showFailure(error);
      }
      setBusy(false);
    },
    [api, params, store, setBusy, setError, apply],
  );

  const sessionId = login.sessionId ?? '';
  // Stable per login session: the page goes to a provider from an effect, which must run once.
  const goToProvider = useCallback(
    (provider: FederatedProviderId, link = false) => goExternal(providerLoginUrl(provider, sessionId, link)),
    [goExternal, sessionId],
  );
  const actions = {
    start,
    cancel,
    signInWithPasskey,
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
    verifyRecoveryCode: (code: string) =>
      run(() => api.call('verifyRecoveryCode', { body: { session_id: sessionId, recovery_code: code } }), login.email),
    mergeMfa: (code: string) =>
      run(() => api.call('mergeMfa', { body: { session_id: sessionId, totp_code: code } }), login.email),
    createPassword: (password: string) =>
      run(() => api.call('createPassword', { body: { session_id: sessionId, password } }), login.email),
    /** The offer's passkey: made for the account that just signed in, then the login finishes. */
    createPasskey: async (name: string) => {
      if (store.get(loginBusyAtom)) return;
      setBusy(true);
      const support = await loadSupport().catch(() => null);
      try {
        if (!support) throw new Error('support code not loaded');
        const body = { session_id: sessionId };
        const options = await api.call('loginPasskeyRegisterOptions', { body });
        const response = await support.createPasskeyAnswer(options);
        apply(await api.call('createPasskey', { body: { ...body, name, response } }), login.email);
      } catch (error) {
        if (support)
          setError({
            code: support.errorCode(error),
            key: support.passkeyErrorKey(error, support.errorKey),
            kind: 'soft',
          });
        else await fail(error);
      } finally {
        setBusy(false);
      }
    },
    skipCreatePassword: () =>
      run(() => api.call('skipCreatePassword', { body: { session_id: sessionId } }), login.email),
    verifySecurityKey: (remember: boolean) =>
      run(async () => {
        const [options, { authenticateWithSecurityKey }] = await Promise.all([
          api.call('webauthnLoginOptions', { body: { session_id: sessionId } }),
          loadSupport(),
        ]);
        const response = await authenticateWithSecurityKey(options);
        return api.call('verifyWebauthn', { body: { session_id: sessionId, response, remember } });
      }, login.email),
    goToProvider,
  };

  // On load: ping (with the session id when an older address has one, and an instance's
  // interaction, for which only a fresh enough portal session counts), then start at once when
  // the address names an email and no login is in progress. Without an id the login cookie names
  // the login in progress; it is taken up only when the address still names its email (a
  // cancelled login leaves none). A provider's error comes back as ?error=.
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    const sessionFromUrl = params.get('session_id') ?? undefined;
    const emailFromUrl = params.get('email')?.trim() ?? '';
    const providerError = params.get('error');
    // Not busy meanwhile: the email can be typed and sent at once (`start` waits for this).
    firstCall.current = (async () => {
      try {
        const support = await loadSupport();
        if (providerError) {
          setError({
            code: providerError,
            key: support.errorKeyForCode(providerError),
            kind: params.get('error_type') === 'hard' ? 'hard' : 'soft',
          });
        }
        const response = await api.call('ping', {
          query: { session_id: sessionFromUrl, interaction: support.interactionOf(params) ?? undefined },
        });
        if (response.state === 'Start' && !sessionFromUrl && emailFromUrl && !providerError) {
          firstCall.current = null;
          await callStart(emailFromUrl);
          return;
        }
        const inProgress = response.session_id !== null && response.state !== 'Done';
        if (inProgress && !sessionFromUrl && !emailFromUrl) return;
        setLogin(viewFrom(response, emailFromUrl));
        if (sessionFromUrl) rememberEmail(emailFromUrl);
        if (response.state === 'Done') await finish(response);
      } catch (error) {
        await fail(error);
      } finally {
        firstCall.current = null;
        firstCallSettled.current?.settle();
      }
    })();
  }, [api, params, setError, setLogin, callStart, finish, fail, rememberEmail]);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const sharingPortal = clientId === SHARING_PORTAL_CLIENT_ID || (login.isStakeholder && !login.isUser);
  return { login, busy, refresh, sharingPortal, type: params.get('type'), actions };
}
