import type { Locale } from '@helios/api';
import type { Context } from '../context';
import { describeUserAgent } from '../session/portal-session';
import { accountLocale, type Mail } from './templates';
import { adminSignedInAsYouTemplate } from './templates/admin-signed-in-as-you';
import { newBrowserSignInTemplate } from './templates/new-browser-sign-in';
import { passwordChangedTemplate } from './templates/password-changed';
import { passwordResetTemplate } from './templates/password-reset';
import { recoveryCodeUsedTemplate } from './templates/recovery-code-used';
import { recoveryCodesRegeneratedTemplate } from './templates/recovery-codes-regenerated';
import { type RenderedMail, renderMail } from './templates/render';
import type { SecondFactorMethod } from './templates/second-factor';
import { secondFactorAddedTemplate } from './templates/second-factor-added';
import { secondFactorRemovedTemplate } from './templates/second-factor-removed';

export type { SecondFactorMethod } from './templates/second-factor';

/** What happened to an account that its holder is told of by mail. These mails carry no code,
 * token or link with one: their links go to the profile or the reset page, where the person
 * signs in as usual. */
export type SecurityEvent =
  | { kind: 'new_browser_sign_in'; userAgent: string | undefined }
  | { kind: 'password_changed' }
  | { kind: 'password_reset' }
  | { kind: 'second_factor_added'; method: SecondFactorMethod }
  | { kind: 'second_factor_removed'; method: SecondFactorMethod; byAdmin: boolean }
  | { kind: 'recovery_code_used'; remaining: number }
  | { kind: 'recovery_codes_regenerated' }
  | { kind: 'admin_signed_in_as_you'; tenant: string };

export type SecurityMailKind = SecurityEvent['kind'];

/** A warning is worth sending late; after a day the person has most likely seen the change in
 * their account, and a mail about it would only confuse. */
export const SECURITY_MAIL_VALID_MS = 24 * 60 * 60_000;

type Recipient = { email: string; locale: string };

/** The method a credential row is, named as the profile lists it: an authenticator app, a security
 * key (a second factor, synced between devices or not) or a passkey (a way in of its own); null for
 * a password or a provider. */
export function secondFactorMethodOf(credential: { type: string }): SecondFactorMethod | null {
  if (credential.type === 'totp') return 'totp';
  if (credential.type === 'passkey') return 'passkey';
  return credential.type === 'webauthn' ? 'security_key' : null;
}

function render(ctx: Pick<Context, 'config'>, locale: Locale, at: Date, event: SecurityEvent): Promise<RenderedMail> {
  const profileUrl = `${ctx.config.publicUrl}/profile`;
  const resetUrl = `${ctx.config.publicUrl}/login/reset-password`;
  switch (event.kind) {
    case 'new_browser_sign_in':
      return renderMail(newBrowserSignInTemplate, {
        locale,
        at,
        ...describeUserAgent(event.userAgent),
        profileUrl,
      });
    case 'password_changed':
      return renderMail(passwordChangedTemplate, { locale, at, resetUrl });
    case 'password_reset':
      return renderMail(passwordResetTemplate, { locale, at, resetUrl });
    case 'second_factor_added':
      return renderMail(secondFactorAddedTemplate, { locale, at, method: event.method, profileUrl });
    case 'second_factor_removed':
      return renderMail(secondFactorRemovedTemplate, {
        locale,
        at,
        method: event.method,
        byAdmin: event.byAdmin,
        profileUrl,
      });
    case 'recovery_code_used':
      return renderMail(recoveryCodeUsedTemplate, { locale, at, remaining: event.remaining, profileUrl });
    case 'recovery_codes_regenerated':
      return renderMail(recoveryCodesRegeneratedTemplate, { locale, at, profileUrl });
    case 'admin_signed_in_as_you':
      return renderMail(adminSignedInAsYouTemplate, { locale, at, tenant: event.tenant });
  }
}

/** The mail about `event`, to the account's address in the account's language, stating the
 * time it happened (now). Render it before the transaction it is written in. */
export async function securityMail(
  ctx: Pick<Context, 'config' | 'now'>,
  account: Recipient,
  event: SecurityEvent,
): Promise<Mail> {
  const locale = accountLocale(account);
  const rendered = await render(ctx, locale, ctx.now(), event);
  return { kind: event.kind, validForMs: SECURITY_MAIL_VALID_MS, to: account.email, ...rendered };
}
