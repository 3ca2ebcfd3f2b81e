import * as SwitchPrimitive from '@radix-ui/react-switch';
import type * as React from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

export type SwitchProps = React.ComponentProps<typeof SwitchPrimitive.Root> & {
  /** Visible name of the setting; clicking it toggles the switch. */
  label: React.ReactNode;
  /** Extra explanation shown under the label and announced with the switch. */
  description?: React.ReactNode;
  /** Why the switch cannot be changed; shown and announced only while `disabled`. */
  disabledReason?: React.ReactNode;
  /** Classes for the row that holds the switch and its texts. */
  containerClassName?: string;
};

/** An on/off setting with a visible label; explains itself when disabled. */
export function Switch({
  className,
  containerClassName,
  label,
  description,
  disabledReason,
  disabled,
  id,
  'aria-describedby': ariaDescribedBy,
  ...props
}: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const labelId = `${switchId}-label`;
  const descriptionId = `${switchId}-description`;
  const reasonId = `${switchId}-disabled-reason`;
  const showReason = Boolean(disabled) && disabledReason != null;
  const describedBy =
    [ariaDescribedBy, description != null && descriptionId, showReason && reasonId].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div data-slot="switch-field" className={cn('flex items-start gap-3', containerClassName)}>
      <SwitchPrimitive.Root
        data-slot="switch"
        id={switchId}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        className={cn(
          'focus-ring mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-primary data-[state=unchecked]:bg-input',
          className,
        )}
        {...props}
      >
        <SwitchPrimitive.Thumb
          data-slot="switch-thumb"
          className="pointer-events-none block size-5 rounded-full bg-card shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0"
        />
      </SwitchPrimitive.Root>
      <div data-slot="switch-texts" className="grid gap-1">
        <label
          data-slot="switch-label"
          id={labelId}
          htmlFor={switchId}
          className={cn(
            'cursor-pointer font-medium text-foreground text-sm leading-6',
            disabled && 'cursor-not-allowed',
          )}
        >
          {label}
        </label>
        {description != null ? (
          <p data-slot="switch-description" id={descriptionId} className="text-muted-foreground text-sm">
            {description}
          </p>
        ) : null}
        {showReason ? (
          <p data-slot="switch-disabled-reason" id={reasonId} className="text-muted-foreground text-sm">
            {disabledReason}
          </p>
        ) : null}
      </div>
    </div>
  );
}
