import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import type * as React from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

export type CheckboxProps = React.ComponentProps<typeof CheckboxPrimitive.Root> & {
  /** Visible label next to the box; clicking it toggles the box. */
  label?: React.ReactNode;
  /** Extra explanation under the label, announced with the box. */
  description?: React.ReactNode;
  /** Classes for the row that holds the box and its texts (only with a label or description). */
  containerClassName?: string;
};

/** A checkbox, optionally with its own label and description. Space toggles it. */
export function Checkbox({
  className,
  containerClassName,
  label,
  description,
  id,
  disabled,
  'aria-describedby': ariaDescribedBy,
  ...props
}: CheckboxProps) {
  const generatedId = useId();
  const checkboxId = id ?? generatedId;
  const descriptionId = `${checkboxId}-description`;
  const describedBy = [ariaDescribedBy, description != null && descriptionId].filter(Boolean).join(' ') || undefined;

  const box = (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      id={checkboxId}
      disabled={disabled}
      aria-describedby={describedBy}
      className={cn(
        'focus-ring size-4 shrink-0 cursor-pointer rounded-sm border border-input bg-card text-primary-foreground transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive data-[state=checked]:border-primary data-[state=indeterminate]:border-primary data-[state=checked]:bg-primary data-[state=indeterminate]:bg-primary',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="group flex items-center justify-center text-current"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-3.5"
        >
          <path className="group-data-[state=indeterminate]:hidden" d="M20 6 9 17l-5-5" />
          <path className="hidden group-data-[state=indeterminate]:block" d="M5 12h14" />
        </svg>
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );

  if (label == null && description == null) return box;

  return (
    <div data-slot="checkbox-field" className={cn('flex items-start gap-2', containerClassName)}>
      <div className="flex h-5 items-center">{box}</div>
      <div data-slot="checkbox-texts" className="grid gap-1">
        {label != null ? (
          <label
            data-slot="checkbox-label"
            htmlFor={checkboxId}
            className={cn('cursor-pointer text-foreground text-sm leading-5', disabled && 'cursor-not-allowed')}
          >
            {label}
          </label>
        ) : null}
        {description != null ? (
          <p data-slot="checkbox-description" id={descriptionId} className="text-muted-foreground text-sm">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
