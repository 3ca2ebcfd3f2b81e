import type { FederatedProvider, FederatedProviderId } from '@helios/api';
import { Alert, Button, checkPassword, PasskeyButton, PasswordChecklist, PasswordField } from '@helios/design-system';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginError } from '../../../atoms/login';
import { ProviderButtons } from '../../../components/provider-buttons';
import { LINK_OFFER_IDLE_MS } from '../../../lib/constants';

/** Step 7: the offer to add a way to sign in — link Google or Microsoft, create a password or a
 * passkey, or skip. Sixty seconds without any activity skips it, so nobody is left on this
 * screen; the time stands still while a choice is under way (the browser's passkey prompt). */
export function OfferStep({
  providers = [],
  onLink,
  busy,
  error,
  onCreate,
  onCreatePasskey,
  onSkip,
  idleMs = LINK_OFFER_IDLE_MS,
}: {
  /** Creates a passkey (named in the page's language; it can be renamed in the profile). */
  onCreatePasskey?: (name: string) => void;
  /** Inactivity before the offer skips itself (spec: 60 seconds). */
  idleMs?: number;
  /** Providers the account can link now; each leaves for the provider and then finishes. */
  providers?: FederatedProvider[];
  onLink: (provider: FederatedProviderId) => void;
  busy: boolean;
  error: LoginError | null;
  onCreate: (password: string) => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const valid = checkPassword(password, repeat).valid;
  const container = useRef<HTMLDivElement>(null);
  const skip = useRef(onSkip);
  skip.current = onSkip;

  useEffect(() => {
    if (busy) return;
    let timer = setTimeout(() => skip.current(), idleMs);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => skip.current(), idleMs);
    };
    const element = container.current;
    const events = ['keydown', 'pointerdown', 'input', 'focusin'] as const;
    for (const name of events) element?.addEventListener(name, restart);
    return () => {
      clearTimeout(timer);
      for (const name of events) element?.removeEventListener(name, restart);
    };
  }, [idleMs, busy]);

  const checklist = t('login.checklist', { returnObjects: true });
  return (
    <div ref={container} className="grid gap-5">
      {onCreatePasskey ? (
        <div className="grid gap-3">
          <h2 className="font-semibold text-base">{t('passkeys.offerTitle')}</h2>
          <p>{t('passkeys.offerText')}</p>
          <PasskeyButton
            label={t('passkeys.create')}
            loadingLabel={t('passkeys.waiting')}
            loading={busy}
            onClick={() => onCreatePasskey(t('passkeys.defaultName'))}
          />
          <p className="text-center text-muted-foreground text-sm" aria-hidden="true">
            {t('login.or')}
          </p>
        </div>
      ) : null}
      <p>{t(providers.length > 0 ? 'login.offerText' : 'login.offerTextPasswordOnly')}</p>
      {providers.length > 0 ? (
        <>
          <ProviderButtons providers={providers} disabled={busy} onSelect={onLink} />
          <p className="text-center text-muted-foreground text-sm" aria-hidden="true">
            {t('login.or')}
          </p>
        </>
      ) : null}
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onCreate(password);
        }}
      >
        <h2 className="font-semibold text-base">{t('login.createPasswordTitle')}</h2>
        <input type="hidden" name="username" autoComplete="username" />
        <PasswordField
          label={t('login.newPasswordLabel')}
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          showLabel={t('login.showPassword')}
          hideLabel={t('login.hidePassword')}
        />
        <PasswordField
          label={t('login.repeatPasswordLabel')}
          autoComplete="new-password"
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          showLabel={t('login.showPassword')}
          hideLabel={t('login.hidePassword')}
        />
        <PasswordChecklist
          password={password}
          repeat={repeat}
          labels={checklist}
          metLabel={checklist.met}
          unmetLabel={checklist.unmet}
        />
        {error ? (
          <Alert tone="error" role="alert">
            {t(error.key)}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth size="lg" disabled={!valid} loading={busy} loadingLabel={t('common.loading')}>
          {t('login.createPassword')}
        </Button>
      </form>
      <Button variant="ghost" onClick={onSkip} disabled={busy}>
        {t('login.skipForNow')}
      </Button>
    </div>
  );
}
