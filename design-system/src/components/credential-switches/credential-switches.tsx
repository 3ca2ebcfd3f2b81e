import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Switch } from '../switch/switch';

/** A login method with a switch; `oidc` is the organisation's single sign-on. */
export type CredentialMethod = 'password' | 'google' | 'microsoft' | 'oidc' | 'totp' | 'webauthn';

/** An identity provider whose switch links or unlinks it. */
export type CredentialSwitchProvider = 'google' | 'microsoft' | 'oidc';

/** Why a switch cannot be changed: user accounts must keep a password; providers and 2FA need an email. */
export type CredentialSwitchDisabledReason = 'user-password' | 'no-email';

export type CredentialSwitchRule = { disabled: boolean; reason?: CredentialSwitchDisabledReason };

export type CredentialSwitchRulesInput = {
  /** The account is a user account (is_user). */
  isUser: boolean;
  /** The account has an email address. */
  hasEmail: boolean;
  /** The method whose change is in flight, if any. */
  pending?: CredentialMethod | null;
};

const NEEDS_EMAIL: ReadonlySet<CredentialMethod> = new Set(['google', 'microsoft', 'oidc', 'totp']);

/** Decides which login-method switches can be changed, and why not (spec §5, last rule). */
export function credentialSwitchRules({
  isUser,
  hasEmail,
  pending = null,
}: CredentialSwitchRulesInput): Record<CredentialMethod, CredentialSwitchRule> {
  const rule = (method: CredentialMethod): CredentialSwitchRule => {
    if (method === 'password' && isUser) return { disabled: true, reason: 'user-password' };
    if (NEEDS_EMAIL.has(method) && !hasEmail) return { disabled: true, reason: 'no-email' };
    return { disabled: pending === method };
  };
  return {
    password: rule('password'),
    google: rule('google'),
    microsoft: rule('microsoft'),
    oidc: rule('oidc'),
    totp: rule('totp'),
    webauthn: rule('webauthn'),
  };
}

export type CredentialSwitchesLabels = Record<CredentialMethod, string> &
  Record<CredentialSwitchDisabledReason, string> & {
    /** Accessible name of the group of switches. */
    group: string;
  };

const DEFAULT_LABELS: CredentialSwitchesLabels = {
  group: 'Sign-in methods',
  password: 'Email and password',
  google: 'Google',
  microsoft: 'Microsoft',
  oidc: 'Single sign-on',
  totp: 'Two-factor authentication',
  webauthn: 'Security key',
  'user-password': 'Password sign-in is required for user accounts',
  'no-email': 'Requires an email address',
};

export type CredentialSwitchesProps = Omit<React.ComponentProps<'fieldset'>, 'children' | 'onToggle'> & {
  /** Which methods are linked or active; a method left out is off. */
  methods: Partial<Record<CredentialMethod, boolean>>;
  /** The account is a user account; its password switch is locked. */
  isUser: boolean;
  /** The account has an email address; the providers and two-factor need one. */
  hasEmail: boolean;
  /** Which identity providers to offer (only configured ones should be); Google and Microsoft by default. */
  availableProviders?: CredentialSwitchProvider[];
  /** Called when the user flips a switch, with the state it should get. */
  onToggle: (method: CredentialMethod, next: boolean) => void;
  /** The method whose change is in flight; its switch is disabled meanwhile. */
  pending?: CredentialMethod | null;
  /** Switch names and disabled reasons; English by default. */
  labels?: Partial<CredentialSwitchesLabels>;
};

/** The profile's login-method switches, locked with a stated reason where a change is not allowed. */
export function CredentialSwitches({
  methods,
  isUser,
  hasEmail,
  availableProviders = ['google', 'microsoft'],
  onToggle,
  pending = null,
  labels,
  className,
  ...props
}: CredentialSwitchesProps) {
  const texts = { ...DEFAULT_LABELS, ...labels };
  const rules = credentialSwitchRules({ isUser, hasEmail, pending });
  const shown: CredentialMethod[] = [
    'password',
    ...(['google', 'microsoft', 'oidc'] as const).filter((provider) => availableProviders.includes(provider)),
    'totp',
    'webauthn',
  ];

  return (
    <fieldset data-slot="credential-switches" className={cn('grid min-w-0 gap-4', className)} {...props}>
      <legend className="sr-only">{texts.group}</legend>
      {shown.map((method) => {
        const { disabled, reason } = rules[method];
        return (
          <Switch
            key={method}
            data-method={method}
            label={texts[method]}
            checked={methods[method] ?? false}
            disabled={disabled}
            disabledReason={reason ? texts[reason] : undefined}
            aria-busy={pending === method || undefined}
            onCheckedChange={(next) => onToggle(method, next)}
          />
        );
      })}
    </fieldset>
  );
}
