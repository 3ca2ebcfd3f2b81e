import type * as React from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { Button, type ButtonProps } from '../button/button';

export type SignInProvider = 'google' | 'microsoft' | 'oidc';

const DEFAULT_LABELS: Record<SignInProvider, string> = {
  google: 'Continue with Google',
  microsoft: 'Continue with Microsoft',
  oidc: 'Continue with single sign-on',
};

export type ProviderMarkProps = Omit<React.ComponentProps<'svg'>, 'children'> & {
  /** Whose mark to draw; `oidc` draws a generic key. */
  provider: SignInProvider;
};

/** The decorative mark of a sign-in provider (Google "G", Microsoft squares, or a key for single sign-on). */
export function ProviderMark({ provider, className, ...props }: ProviderMarkProps) {
  const common = {
    'data-slot': 'provider-mark',
    'data-provider': provider,
    className: cn('size-5 shrink-0', className),
    ...props,
  } as const;
  // Brand marks keep their brand colours in both themes; they carry no text, so contrast rules do not apply.
  if (provider === 'google') {
    return (
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" {...common}>
        <path
          fill="#4285F4"
          d="M23.52 12.27c0-.85-.08-1.67-.22-2.45H12v4.64h6.47a5.53 5.53 0 0 1-2.4 3.63v3.01h3.88c2.27-2.09 3.57-5.17 3.57-8.83Z"
        />
        <path
          fill="#34A853"
          d="M12 24c3.24 0 5.96-1.07 7.95-2.9l-3.88-3.01c-1.08.72-2.45 1.15-4.07 1.15-3.13 0-5.78-2.11-6.73-4.95H1.26v3.11A12 12 0 0 0 12 24Z"
        />
        <path
          fill="#FBBC05"
          d="M5.27 14.29A7.2 7.2 0 0 1 4.9 12c0-.8.14-1.57.38-2.29V6.6H1.26a12 12 0 0 0 0 10.8l4.01-3.11Z"
        />
        <path
          fill="#EA4335"
          d="M12 4.77c1.76 0 3.35.61 4.6 1.8l3.44-3.44A11.96 11.96 0 0 0 12 0 12 12 0 0 0 1.26 6.6l4.01 3.11C6.22 6.88 8.87 4.77 12 4.77Z"
        />
      </svg>
    );
  }
  if (provider === 'microsoft') {
    return (
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" {...common}>
        <rect x="1" y="1" width="10.5" height="10.5" fill="#F25022" />
        <rect x="12.5" y="1" width="10.5" height="10.5" fill="#7FBA00" />
        <rect x="1" y="12.5" width="10.5" height="10.5" fill="#00A4EF" />
        <rect x="12.5" y="12.5" width="10.5" height="10.5" fill="#FFB900" />
      </svg>
    );
  }
  return (
    <StrokeIcon focusable="false" {...common}>
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.8-9.8M16 7l3 3M19 4l2 2" />
    </StrokeIcon>
  );
}

export type ProviderButtonProps = Omit<ButtonProps, 'variant' | 'fullWidth' | 'children'> & {
  /** The identity provider this button signs in with. */
  provider: SignInProvider;
  /** Visible text; defaults to "Continue with …" for the provider. */
  label?: string;
};

/** A full-width outline button that starts sign-in with Google, Microsoft or the configured single sign-on. */
export function ProviderButton({
  provider,
  label,
  loading = false,
  size = 'lg',
  className,
  ...props
}: ProviderButtonProps) {
  return (
    <Button
      data-slot="provider-button"
      data-provider={provider}
      variant="outline"
      fullWidth
      size={size}
      loading={loading}
      className={cn('[&_svg]:size-5', className)}
      {...props}
    >
      {/* The spinner takes the mark's place while loading, so the text does not move. */}
      {loading ? null : <ProviderMark provider={provider} />}
      {label ?? DEFAULT_LABELS[provider]}
    </Button>
  );
}
