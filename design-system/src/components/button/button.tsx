import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from '../spinner/spinner';

const buttonClasses = cva(
  'focus-ring inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium text-sm transition-colors disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-progress [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground hover:bg-primary/90',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        outline: 'border border-input bg-card text-foreground hover:bg-accent hover:text-accent-foreground',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        link: 'h-auto px-0 text-primary underline underline-offset-4 hover:no-underline',
      },
      size: {
        sm: 'h-8 px-3 text-xs',
        md: 'h-10 px-4',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
      fullWidth: {
        true: 'w-full',
      },
    },
    compoundVariants: [{ variant: 'link', class: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

/** Button classes for any element (e.g. a router link styled as a button), with conflicting
 * utilities already resolved so the variant's own sizes win. */
export function buttonVariants({
  className,
  ...variants
}: VariantProps<typeof buttonClasses> & { className?: string } = {}): string {
  return cn(buttonClasses(variants), className);
}

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonClasses> & {
    /** Shows a spinner, marks the button busy and ignores clicks, keeping its width. */
    loading?: boolean;
    /** Text announced while loading (the visible label stays). */
    loadingLabel?: string;
  };

/** A button in one of six variants; `loading` prevents a double submit while work is in flight. */
export function Button({
  className,
  variant,
  size,
  fullWidth,
  loading = false,
  loadingLabel = 'Loading',
  disabled,
  children,
  type = 'button',
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      data-slot="button"
      type={type}
      className={cn(buttonVariants({ variant, size, fullWidth }), className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={(event) => {
        // Ignoring the click instead of disabling the button keeps keyboard focus where it is.
        if (loading) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...props}
    >
      {loading ? <Spinner size="sm" label={loadingLabel} /> : null}
      {children}
    </button>
  );
}
