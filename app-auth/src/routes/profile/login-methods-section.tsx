import type { UserInfo } from '@helios/api';
import {
  Alert,
  type AlertTone,
  AuthMethodList,
  Button,
  buttonVariants,
  type CredentialMethod,
  CredentialSwitches,
} from '@helios/design-system';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApi } from '../../api';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { useExternalNavigate } from '../../lib/navigation';
import { authMethods, credentialIdsOf, linkedMethods, providerLinkUrl, TOTP_SETUP_PATH } from './login-methods';

type MessageKey =
  | 'profile.removed'
  | 'profile.removeFailed'
  | 'profile.resetSent'
  | 'profile.securityKeySoon'
  | ErrorKey;
type Message = { tone: AlertTone; key: MessageKey };

export type LoginMethodsSectionProps = {
  user: UserInfo;
  /** Called with the account as the server describes it after a change. */
  onUserChange: (user: UserInfo) => void;
};

/** The login-method switches with the password and authenticator actions. */
export function LoginMethodsSection({ user, onUserChange }: LoginMethodsSectionProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const externalNavigate = useExternalNavigate();
  const headingId = useId();
  const [pending, setPending] = useState<CredentialMethod | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  const credentials = user.available_credentials;
  const linked = linkedMethods(credentials);
  const hasEmail = user.email.trim() !== '';

  async function sendPasswordLink() {
    if (sendingLink) return;
    setSendingLink(true);
    setMessage(null);
    try {
      await api.call('resetRequest', {
        body: { email: user.email },
        headers: { 'accept-language': i18n.resolvedLanguage ?? i18n.language },
      });
      setMessage({ tone: 'success', key: 'profile.resetSent' });
    } catch (error) {
      setMessage({ tone: 'error', key: errorKey(error) });
    } finally {
      setSendingLink(false);
    }
  }

  async function remove(method: CredentialMethod) {
    setPending(method);
    setMessage(null);
    let latest = user;
    try {
      for (const id of credentialIdsOf(credentials, method)) {
        latest = await api.call('deleteCredential', { params: { id } });
      }
      setMessage({ tone: 'success', key: 'profile.removed' });
    } catch {
      setMessage({ tone: 'error', key: 'profile.removeFailed' });
    } finally {
      // Also after a failure: removals that went through before it still show.
      if (latest !== user) onUserChange(latest);
      setPending(null);
    }
  }

  function toggle(method: CredentialMethod, on: boolean) {
    if (pending) return;
    if (!on) {
      void remove(method);
      return;
    }
    switch (method) {
      case 'google':
      case 'microsoft':
        externalNavigate(providerLinkUrl(method));
        return;
      case 'totp':
        navigate(TOTP_SETUP_PATH);
        return;
      case 'password':
        // A password is set from an emailed link, the same as the "Set a password" button.
        void sendPasswordLink();
        return;
      case 'webauthn':
        setMessage({ tone: 'info', key: 'profile.securityKeySoon' });
        return;
    }
  }

  return (
    <>
      <section aria-labelledby={headingId} className="grid gap-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="font-semibold text-base">
            {t('profile.methodsTitle')}
          </h2>
          <p className="text-muted-foreground text-sm">{t('profile.methodsDescription')}</p>
        </div>
        <CredentialSwitches
          methods={linked}
          isUser={user.is_user}
          hasEmail={hasEmail}
          pending={pending}
          onToggle={toggle}
          labels={{
            group: t('profile.methodsTitle'),
            password: t('profile.emailPassword'),
            google: t('profile.google'),
            microsoft: t('profile.microsoft'),
            totp: t('profile.twoFactor'),
            webauthn: t('profile.securityKey'),
            'user-password': t('profile.userPasswordReason'),
            'no-email': t('profile.noEmailReason'),
          }}
        />
        {message ? <Alert tone={message.tone}>{t(message.key, { email: user.email })}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={!hasEmail}
            loading={sendingLink}
            loadingLabel={t('common.loading')}
            onClick={() => void sendPasswordLink()}
          >
            {linked.password ? t('profile.resetPassword') : t('profile.setPassword')}
          </Button>
          {/* Two-factor needs an email, like its switch; a link cannot be disabled, so it is left out. */}
          {hasEmail ? (
            <Link to={TOTP_SETUP_PATH} className={buttonVariants({ variant: 'outline' })}>
              {linked.totp ? t('profile.reRegister') : t('profile.setUpTwoFactor')}
            </Link>
          ) : null}
        </div>
      </section>
      <ActiveMethods user={user} />
    </>
  );
}

function ActiveMethods({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="font-semibold text-base">
        {t('profile.activeTitle')}
      </h2>
      <AuthMethodList
        methods={authMethods(user.available_credentials)}
        showAllLabel={t('profile.showAll')}
        showLessLabel={t('profile.showLess')}
        emptyText={t('profile.noMethods')}
        typeLabels={{
          password: t('profile.typePassword'),
          google: t('profile.google'),
          microsoft: t('profile.microsoft'),
          oidc: t('profile.typeSso'),
          totp: t('profile.typeAuthenticator'),
          webauthn: t('profile.typeSecurityKey'),
        }}
      />
    </section>
  );
}
