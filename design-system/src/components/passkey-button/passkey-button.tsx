import type * as React from 'react';
import { cn } from '../../lib/cn';
import { PasskeyIcon } from '../../lib/passkey-icon';
import { Button, type ButtonProps } from '../button/button';

export type PasskeyButtonProps = Omit<ButtonProps, 'variant' | 'fullWidth' | 'children'> & {
  /** Visible text; "Sign in with a passkey" by default. */
  label?: React.ReactNode;
};

/** A full-width outline button, beside the provider buttons, that asks the browser for a passkey. */
export function PasskeyButton({
  label = 'Sign in with a passkey',
  loading = false,
  size = 'lg',
  className,
  ...props
}: PasskeyButtonProps) {
  return (
    <Button
      data-slot="passkey-button"
      variant="outline"
      fullWidth
      size={size}
      loading={loading}
      className={cn('[&_svg]:size-5', className)}
      {...props}
    >
      {/* The spinner takes the icon's place while loading, so the text does not move. */}
      {loading ? null : <PasskeyIcon className="size-5 shrink-0" />}
      {label}
    </Button>
  );
}
