import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn';

export type InputProps = React.ComponentProps<'input'>;

/** The bare styled text input; marks itself red when `aria-invalid` is set. */
export function Input({ className, type = 'text', ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(
        'focus-ring h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-foreground text-sm transition-colors placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  );
}

export type LabelProps = React.ComponentProps<'label'>;

/** A form label; tie it to its control with `htmlFor`. */
export function Label({ className, ...props }: LabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control
    <label data-slot="label" className={cn('font-medium text-foreground text-sm', className)} {...props} />
  );
}

export const fieldMessageVariants = cva('text-sm', {
  variants: {
    tone: {
      hint: 'text-muted-foreground',
      error: 'font-medium text-destructive',
    },
  },
  defaultVariants: { tone: 'hint' },
});

export type FieldMessageProps = React.ComponentProps<'p'> & VariantProps<typeof fieldMessageVariants>;

/** A hint or error line under a field; an error is announced as soon as it appears. */
export function FieldMessage({ className, tone, ...props }: FieldMessageProps) {
  return (
    <p
      data-slot="field-message"
      data-tone={tone ?? 'hint'}
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(fieldMessageVariants({ tone }), className)}
      {...props}
    />
  );
}

export type TextFieldProps = React.ComponentProps<'input'> & {
  /** Visible label, tied to the input. */
  label: React.ReactNode;
  /** Help text under the input, announced with it. */
  hint?: React.ReactNode;
  /** Error message; marks the input invalid and is announced. */
  error?: React.ReactNode;
  /** Makes the field required and shows a marker after the label. */
  required?: boolean;
  /** Classes for the wrapper that holds label, input and messages. */
  containerClassName?: string;
  /** Content placed inside the input at its end edge, e.g. a toggle button. */
  trailing?: React.ReactNode;
};

/** A labelled text input with optional hint and error message. */
export function TextField({
  id,
  label,
  hint,
  error,
  required = false,
  containerClassName,
  trailing,
  className,
  'aria-describedby': ariaDescribedBy,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const hasHint = isShown(hint);
  const hasError = isShown(error);
  const describedBy = [ariaDescribedBy, hasHint && hintId, hasError && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div data-slot="text-field" className={cn('grid gap-1.5', containerClassName)}>
      <Label htmlFor={inputId}>
        {label}
        {required ? (
          <span data-slot="required-marker" aria-hidden="true" className="ms-0.5 text-destructive">
            *
          </span>
        ) : null}
      </Label>
      <div data-slot="text-field-control" className="relative">
        <Input
          id={inputId}
          required={required}
          aria-required={required || undefined}
          aria-invalid={hasError || undefined}
          aria-describedby={describedBy}
          className={cn(trailing != null && 'pe-11', className)}
          {...props}
        />
        {trailing != null ? (
          <div data-slot="text-field-trailing" className="absolute inset-y-0 end-0 flex items-center pe-1">
            {trailing}
          </div>
        ) : null}
      </div>
      {hasHint ? <FieldMessage id={hintId}>{hint}</FieldMessage> : null}
      {hasError ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}

/** React renders nothing for these, so they must not add an empty message or mark the input invalid. */
function isShown(node: React.ReactNode): boolean {
  return node != null && node !== false && node !== '';
}
