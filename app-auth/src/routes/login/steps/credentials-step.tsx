import type { FederatedProvider, FederatedProviderId, LoginCredential } from '@helios/api';
import { Alert, Button, Checkbox, PasswordField } from '@helios/design-system';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LoginError } from '../../../atoms/login';
import { ProviderButtons } from '../../../components/provider-buttons';

/** Step 4: the person's credentials — the configured providers, then the password form when the
 * account has a password. */
export function CredentialsStep({
  email,
  credentials,
  providers,
  busy,
  error,
  onPassword,
  onProvider,
  resetHref,
}: {
  /** Where "Forgot your password?" leads (keeps the email and the login's `type`). */
  resetHref: string;
  email: string;
  credentials: LoginCredential[];
  /** The providers this login can continue with, as the server lists them. */
  providers: FederatedProvider[];
  busy: boolean;
  error: LoginError | null;
  onPassword: (password: string, remember: boolean) => void;
  onProvider: (provider: FederatedProviderId) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [touched, setTouched] = useState(false);
  const hasPassword = credentials.some((c) => c.type === 'password');
  const fieldError = touched && password === '' ? t('login.passwordRequired') : undefined;
  const alert = error ? (
    <Alert tone={error.kind === 'hard' ? 'error' : 'warning'} role="alert">
      {t(error.key)}
    </Alert>
  ) : null;
  return (
    <div className="grid gap-4">
      <ProviderButtons providers={providers} disabled={busy} onSelect={onProvider} />
      {providers.length > 0 && hasPassword ? (
        <p className="text-center text-muted-foreground text-sm" aria-hidden="true">
          {t('login.or')}
        </p>
      ) : null}
      {hasPassword ? (
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (password !== '') onPassword(password, remember);
          }}
        >
          {/* The email, for password managers and for the person to see who signs in. */}
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <PasswordField
            label={t('login.passwordLabel')}
            name="password"
            autoComplete="current-password"
            autoFocus
            required
            value={password}
            error={fieldError}
            showLabel={t('login.showPassword')}
            hideLabel={t('login.hidePassword')}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Checkbox
              label={t('login.rememberMe')}
              checked={remember}
              onCheckedChange={(value) => setRemember(value === true)}
            />
            <Link
              to={resetHref}
              className="focus-ring rounded-sm text-primary text-sm underline underline-offset-4 hover:no-underline"
            >
              {t('login.forgotPassword')}
            </Link>
          </div>
          {alert}
          <Button type="submit" fullWidth size="lg" loading={busy} loadingLabel={t('common.loading')}>
            {t('login.signIn')}
          </Button>
        </form>
      ) : (
        // Without a password form the message (e.g. a provider's error) stands under the buttons.
        alert
      )}
    </div>
  );
}
