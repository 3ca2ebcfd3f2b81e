import * as React from 'react';
import { cn } from '../../lib/cn';
import { PasskeyIcon } from '../../lib/passkey-icon';
import { SecurityKeyIcon } from '../../lib/security-key-icon';
import { Button } from '../button/button';
import { ProviderMark } from '../provider-button/provider-button';

export type AuthMethod = {
  /** Stable id of the credential. */
  id: string;
  /** Credential type as the server names it. */
  type: 'password' | 'oidc' | 'webauthn' | 'passkey' | 'totp';
  /** Identity provider of an oidc credential, e.g. "accounts.google.com" or "google". */
  provider?: string | null;
  /** Replaces the kind's name, e.g. a security key's nickname. */
  label?: string;
  /** A second line, e.g. the account's email at the provider. */
  detail?: string;
};

/** What a credential is to the user: the type, with oidc split into Google, Microsoft and other single sign-on. */
export type AuthMethodKind = 'password' | 'google' | 'microsoft' | 'oidc' | 'totp' | 'webauthn' | 'passkey';

export type AuthMethodTypeLabels = Record<AuthMethodKind, string>;

const DEFAULT_TYPE_LABELS: AuthMethodTypeLabels = {
  password: 'Password',
  google: 'Google',
  microsoft: 'Microsoft',
  oidc: 'Single sign-on',
  totp: 'Authenticator app',
  webauthn: 'Security key',
  passkey: 'Passkey',
};

function providerHost(provider: string): string {
  return provider
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .split(/[/:?#]/)[0] as string;
}

const GOOGLE_HOSTS = new Set(['google', 'google.com', 'accounts.google.com']);
const MICROSOFT_HOSTS = new Set(['microsoft', 'microsoft.com', 'login.microsoftonline.com']);

/** Names the kind of a credential; oidc providers are recognised by name or by issuer host. */
export function authMethodKind(method: Pick<AuthMethod, 'type' | 'provider'>): AuthMethodKind {
  if (method.type !== 'oidc') return method.type;
  const host = providerHost(method.provider ?? '');
  if (GOOGLE_HOSTS.has(host)) return 'google';
  if (MICROSOFT_HOSTS.has(host)) return 'microsoft';
  return 'oidc';
}

export type AuthMethodListProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The account's active credentials, in display order. */
  methods: AuthMethod[];
  /** How many methods show before "Show all". */
  initialVisible?: number;
  /** Text of the button that shows every method. */
  showAllLabel?: string;
  /** Text of the button that shows the first few again. */
  showLessLabel?: string;
  /** Text shown when there are no methods. */
  emptyText?: string;
  /** Names of the kinds of method; English by default. */
  typeLabels?: Partial<AuthMethodTypeLabels>;
};

/** The account's active sign-in methods, the first few at once and the rest behind "Show all". */
export function AuthMethodList({
  methods,
  initialVisible = 3,
  showAllLabel = 'Show all',
  showLessLabel = 'Show less',
  emptyText = 'No active sign-in methods',
  typeLabels,
  className,
  ...props
}: AuthMethodListProps) {
  const [expanded, setExpanded] = React.useState(false);
  const listId = React.useId();
  const names = { ...DEFAULT_TYPE_LABELS, ...typeLabels };
  const collapsible = methods.length > initialVisible;
  const visible = expanded || !collapsible ? methods : methods.slice(0, initialVisible);

  if (methods.length === 0) {
    return (
      <div data-slot="auth-method-list" className={cn('text-muted-foreground text-sm', className)} {...props}>
        <p data-slot="auth-method-list-empty">{emptyText}</p>
      </div>
    );
  }

  return (
    <div data-slot="auth-method-list" className={cn('grid gap-2', className)} {...props}>
      <ul id={listId} data-slot="auth-method-list-items" className="divide-y rounded-lg border">
        {visible.map((method) => {
          const kind = authMethodKind(method);
          return (
            <li
              key={method.id}
              data-slot="auth-method-list-item"
              data-kind={kind}
              className="flex items-center gap-3 px-4 py-3"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-foreground">
                <KindIcon kind={kind} />
              </span>
              <span className="grid min-w-0">
                <span className="truncate font-medium text-sm">{method.label ?? names[kind]}</span>
                {method.detail ? <span className="truncate text-muted-foreground text-xs">{method.detail}</span> : null}
              </span>
            </li>
          );
        })}
      </ul>
      {collapsible ? (
        <Button
          data-slot="auth-method-list-toggle"
          variant="link"
          size="sm"
          className="justify-self-start"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? showLessLabel : showAllLabel}
        </Button>
      ) : null}
    </div>
  );
}

const ICON_PROPS = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  className: 'size-4',
} as const;

function KindIcon({ kind }: { kind: AuthMethodKind }) {
  switch (kind) {
    case 'google':
    case 'microsoft':
    case 'oidc':
      return <ProviderMark provider={kind} className="size-4" />;
    case 'password':
      return (
        <svg aria-hidden="true" focusable="false" {...ICON_PROPS}>
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
      );
    case 'totp':
      return (
        <svg aria-hidden="true" focusable="false" {...ICON_PROPS}>
          <rect x="6" y="2" width="12" height="20" rx="2" />
          <path d="M11 18h2" />
        </svg>
      );
    case 'webauthn':
      return <SecurityKeyIcon className="size-4" />;
    case 'passkey':
      return <PasskeyIcon className="size-4" />;
  }
}
