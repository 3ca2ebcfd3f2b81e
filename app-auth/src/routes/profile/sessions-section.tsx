import { ApiError, type PortalSessionInfo } from '@helios/api';
import { Alert, type AlertTone, SessionList, type SessionListItem } from '@helios/design-system';
import { useAtom } from 'jotai';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useApi } from '../../api';
import { sessionsAtom } from '../../atoms/sessions';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { useLoaded } from '../../lib/use-loaded';

type Message = { tone: AlertTone; key: 'sessions.signedOut' | 'sessions.signedOutOthers' | ErrorKey };

/** The account's sessions, loaded when the section opens and again on retry. */
function useSessions() {
  const api = useApi();
  const [sessions, setSessions] = useAtom(sessionsAtom);
  const { status, failure, reload } = useLoaded(
    { load: () => api.call('sessions'), onLoaded: (response) => setSessions(response.sessions) },
    [api],
  );
  return { sessions: sessions ?? [], setSessions, status, failure, reload };
}

/** "Where you are signed in" on the profile: every session of the account, Sign out on the others
 * and "Sign out of all other sessions". */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const headingId = useId();
  const { sessions, setSessions, status, failure, reload } = useSessions();
  const [signingOutId, setSigningOutId] = useState<string | null>(null);
  const [signingOutOthers, setSigningOutOthers] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  function item(session: PortalSessionInfo): SessionListItem {
    const { browser, os } = session;
    const device =
      browser && os ? t('sessions.device', { browser, os }) : (browser ?? os ?? t('sessions.unknownDevice'));
    const method = t(`sessions.method.${session.method}`);
    return {
      id: session.id,
      device,
      method: session.second_factor
        ? t('sessions.withSecondFactor', { method, factor: t(`sessions.secondFactor.${session.second_factor}`) })
        : method,
      signedInAt: session.signed_in_at,
      lastActiveAt: session.last_active_at,
      current: session.current,
    };
  }

  /** Runs a sign-out call and shows the list it answers; a session that had already ended (404)
   * reloads the list, this browser signed out meanwhile (401) goes to sign in. */
  async function signOut(call: () => Promise<{ sessions: PortalSessionInfo[] }>, done: Message['key']) {
    setMessage(null);
    try {
      setSessions((await call()).sessions);
      setMessage({ tone: 'success', key: done });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) navigate('/login', { replace: true });
      else if (error instanceof ApiError && error.status === 404) reload();
      else setMessage({ tone: 'error', key: errorKey(error) });
    }
  }

  async function signOutOne(session: SessionListItem) {
    if (signingOutId || signingOutOthers) return;
    setSigningOutId(session.id);
    await signOut(() => api.call('endSession', { params: { id: session.id } }), 'sessions.signedOut');
    setSigningOutId(null);
  }

  async function signOutOthers() {
    if (signingOutId || signingOutOthers) return;
    setSigningOutOthers(true);
    await signOut(() => api.call('signOutOthers', { body: {} }), 'sessions.signedOutOthers');
    setSigningOutOthers(false);
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-base">
          {t('sessions.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('sessions.text')}</p>
      </div>
      {message ? <Alert tone={message.tone}>{t(message.key)}</Alert> : null}
      <SessionList
        sessions={sessions.map(item)}
        status={status}
        failedMessage={t(failure)}
        onRetry={reload}
        retryLabel={t('common.tryAgain')}
        loadingLabel={t('sessions.loading')}
        onSignOut={signOutOne}
        signingOutId={signingOutId}
        onSignOutOthers={signOutOthers}
        signingOutOthers={signingOutOthers}
        listLabel={t('sessions.title')}
        currentLabel={t('sessions.current')}
        signOutLabel={t('sessions.signOut')}
        signOutSessionLabel={(device) => t('sessions.signOutSession', { device })}
        signingOutLabel={t('sessions.signingOut')}
        signOutOthersLabel={t('sessions.signOutOthers')}
        confirmTitle={t('sessions.confirmTitle')}
        confirmContent={t('sessions.confirmText')}
        confirmLabel={t('sessions.signOut')}
        cancelLabel={t('common.cancel')}
        signedInLabel={t('sessions.signedIn')}
        lastActiveLabel={t('sessions.lastActive')}
        locale={i18n.resolvedLanguage}
      />
    </section>
  );
}
