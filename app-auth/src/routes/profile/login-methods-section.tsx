import type { FederatedProvider, UserInfo } from '@helios/api';
import {
  Alert,
  type AlertTone,
  AuthMethodList,
  Button,
  buttonVariants,
  ConfirmDialog,
  type CredentialMethod,
  CredentialSwitches,
} from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useApi } from '../../api';
import { newRecoveryCodesAtom } from '../../atoms/profile';
import { useStepUp } from '../../components/step-up';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { useExternalNavigate } from '../../lib/navigation';
import { providerLinkUrl } from '../../lib/providers';
import { ChangePasswordDialog } from './change-password-dialog';
import { authMethods, credentialIdsOf, linkedMethods, securityKeysOf, TOTP_SETUP_PATH } from './login-methods';
import { AddSecurityKeyDialog, type KeysMessage, SecurityKeysSection } from './security-keys';

type MessageKey =
  | 'profile.removed'
  | 'profile.removeFailed'
  | 'profile.resetSent'
  | 'profile.passwordChanged'
  | 'profile.passwordSet'
  | ErrorKey;
type Message = { tone: AlertTone; key: MessageKey };

/** Security keys waiting for the person to confirm their removal: one from the list, or all of
 * them from the switch. */
type PendingRemoval = { ids: string[]; name: string | null; fromList: boolean };

export type LoginMethodsSectionProps = {
  user: UserInfo;
  /** The configured identity providers: only these get a switch. */
  providers: FederatedProvider[];
  /** Called with the account as the server describes it after a change. */
  onUserChange: (user: UserInfo) => void;
};

/** The login-method switches with the password, authenticator and security-key actions. */
export function LoginMethodsSection({ user, providers, onUserChange }: LoginMethodsSectionProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const externalNavigate = useExternalNavigate();
  const headingId = useId();
  const [pending, setPending] = useState<CredentialMethod | null>(null);
  const [sendingLink, setSendingLink] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [keysMessage, setKeysMessage] = useState<KeysMessage | null>(null);
  const [adding, setAdding] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [removal, setRemoval] = useState<PendingRemoval | null>(null);
  const addKeyButton = useRef<HTMLButtonElement>(null);
  const keyRemoved = useRef(false);
  const stepUp = useStepUp();
  const setNewRecoveryCodes = useSetAtom(newRecoveryCodesAtom);
  const issuedCodes = useRef<string[] | null>(null);

  const credentials = user.available_credentials;
  const linked = linkedMethods(credentials);
  const keys = securityKeysOf(credentials);
  const hasEmail = user.email.trim() !== '';
  const ssoName = providers.find((provider) => provider.id === 'oidc')?.name.trim() || t('profile.typeSso');

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

  /** Deletes the credentials one by one; true when all of them went. */
  async function deleteCredentials(method: CredentialMethod, ids: string[]): Promise<boolean> {
    setPending(method);
    let latest = user;
    try {
      for (const id of ids) latest = await stepUp.run(() => api.call('deleteCredential', { params: { id } }));
      return true;
    } catch {
      return false;
    } finally {
      // Also after a failure: removals that went through before it still show.
      if (latest !== user) onUserChange(latest);
      setPending(null);
    }
  }

  async function remove(method: CredentialMethod) {
    setMessage(null);
    const removed = await deleteCredentials(method, credentialIdsOf(credentials, method));
    setMessage(removed ? { tone: 'success', key: 'profile.removed' } : { tone: 'error', key: 'profile.removeFailed' });
  }

  async function removeKeys({ ids, fromList }: PendingRemoval) {
    setKeysMessage(null);
    const removed = await deleteCredentials('webauthn', ids);
    keyRemoved.current = removed && fromList;
    setKeysMessage(
      removed ? { tone: 'success', key: 'profile.keyRemoved' } : { tone: 'error', key: 'profile.removeFailed' },
    );
    setRemoval(null);
  }

  function toggle(method: CredentialMethod, on: boolean) {
    if (pending) return;
    if (method === 'webauthn') {
      // Adding needs a name and the key itself; removing every key asks first.
      if (on) setAdding(true);
      else setRemoval({ ids: keys.map((key) => key.id), name: null, fromList: false });
      return;
    }
    if (!on) {
      void remove(method);
      return;
    }
    switch (method) {
      case 'google':
      case 'microsoft':
      case 'oidc':
        externalNavigate(providerLinkUrl(method));
        return;
      case 'totp':
        navigate(TOTP_SETUP_PATH);
        return;
      case 'password':
        // The same as the "Set a password" button.
        setMessage(null);
        setChangingPassword(true);
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
          availableProviders={providers.map((provider) => provider.id)}
          pending={pending}
          onToggle={toggle}
          labels={{
            group: t('profile.methodsTitle'),
            password: t('profile.emailPassword'),
            google: t('profile.google'),
            microsoft: t('profile.microsoft'),
            oidc: ssoName,
            totp: t('profile.twoFactor'),
            webauthn: t('profile.securityKey'),
            'user-password': t('profile.userPasswordReason'),
            'no-email': t('profile.noEmailReason'),
          }}
        />
        {message ? <Alert tone={message.tone}>{t(message.key, { email: user.email })}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          {/* Password sign-in starts with the email, so without one a password is of no use. */}
          <Button
            variant="outline"
            disabled={!hasEmail}
            onClick={() => {
              setMessage(null);
              setChangingPassword(true);
            }}
          >
            {linked.password ? t('profile.changePassword') : t('profile.setPassword')}
          </Button>
          {/* A forgotten password is reset from an emailed link: re-authentication would ask for it. */}
          {linked.password ? (
            <Button
              variant="outline"
              disabled={!hasEmail}
              loading={sendingLink}
              loadingLabel={t('common.loading')}
              onClick={() => void sendPasswordLink()}
            >
              {t('profile.resetPassword')}
            </Button>
          ) : null}
          {/* Two-factor needs an email, like its switch; a link cannot be disabled, so it is left out. */}
          {hasEmail ? (
            <Link to={TOTP_SETUP_PATH} className={buttonVariants({ variant: 'outline' })}>
              {linked.totp ? t('profile.reRegister') : t('profile.setUpTwoFactor')}
            </Link>
          ) : null}
        </div>
      </section>
      <SecurityKeysSection
        keys={keys}
        removingId={pending === 'webauthn' && removal?.ids.length === 1 ? (removal.ids[0] ?? null) : null}
        message={keysMessage}
        addButtonRef={addKeyButton}
        onAdd={() => setAdding(true)}
        onRemove={(key) => setRemoval({ ids: [key.id], name: key.name?.trim() || null, fromList: true })}
      />
      <ActiveMethods user={user} ssoName={ssoName} />
      {stepUp.dialog}
      <ChangePasswordDialog
        open={changingPassword}
        hasPassword={linked.password}
        onClose={() => setChangingPassword(false)}
        onChanged={(next) => {
          onUserChange(next);
          setChangingPassword(false);
          setMessage({ tone: 'success', key: linked.password ? 'profile.passwordChanged' : 'profile.passwordSet' });
        }}
      />
      <AddSecurityKeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={({ recovery_codes: codes, ...next }, name) => {
          issuedCodes.current = codes ?? null;
          onUserChange(next);
          setAdding(false);
          setKeysMessage({ tone: 'success', key: 'profile.keyAdded', name });
        }}
        onCloseAutoFocus={(event) => {
          // The first key's recovery codes show once the dialog is gone, and take the focus.
          const codes = issuedCodes.current;
          if (!codes) return;
          issuedCodes.current = null;
          event.preventDefault();
          setNewRecoveryCodes(codes);
        }}
      />
      <ConfirmDialog
        visible={removal !== null}
        warning
        title={t(removal?.ids.length === 1 ? 'profile.removeKeyTitle' : 'profile.removeKeysTitle')}
        content={
          removal?.ids.length === 1
            ? t('profile.removeKeyText', { name: removal.name ?? t('profile.typeSecurityKey') })
            : t('profile.removeKeysText')
        }
        confirmLabel={t('profile.removeKey')}
        cancelLabel={t('common.cancel')}
        loading={pending === 'webauthn'}
        onConfirm={() => removal && void removeKeys(removal)}
        onCancel={() => setRemoval(null)}
        onCloseAutoFocus={(event) => {
          // The removed key's button is gone: continue from "Add a security key" instead.
          if (!keyRemoved.current) return;
          keyRemoved.current = false;
          event.preventDefault();
          addKeyButton.current?.focus();
        }}
      />
    </>
  );
}

function ActiveMethods({ user, ssoName }: { user: UserInfo; ssoName: string }) {
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
          oidc: ssoName,
          totp: t('profile.typeAuthenticator'),
          webauthn: t('profile.typeSecurityKey'),
          passkey: t('profile.typePasskey'),
        }}
      />
    </section>
  );
}
