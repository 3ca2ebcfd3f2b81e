import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { useReturnFocusToOpener } from '../../lib/return-focus';
import { StrokeIcon } from '../../lib/stroke-icon';
import { Button, type ButtonProps } from '../button/button';
import { dialogContentClasses } from '../dialog/dialog';

/**
 * A question that needs an answer before the person goes on (Radix AlertDialog): only its
 * action or cancel button answers it, or Escape as cancel; a click outside does nothing.
 * `open`/`onOpenChange` or `defaultOpen` as on Radix.
 */
export function AlertDialog(props: React.ComponentProps<typeof AlertDialogPrimitive.Root>) {
  return <AlertDialogPrimitive.Root {...props} />;
}
export type AlertDialogProps = React.ComponentProps<typeof AlertDialog>;

/** What opens the alert dialog; focus returns to it on close. `asChild` to use your own button. */
export function AlertDialogTrigger(props: React.ComponentProps<typeof AlertDialogPrimitive.Trigger>) {
  return <AlertDialogPrimitive.Trigger data-slot="alert-dialog-trigger" {...props} />;
}
export type AlertDialogTriggerProps = React.ComponentProps<typeof AlertDialogTrigger>;

type AlertDialogVariant = 'default' | 'destructive';

const VariantContext = React.createContext<AlertDialogVariant>('default');

export type AlertDialogContentProps = React.ComponentProps<typeof AlertDialogPrimitive.Content> & {
  /** `destructive` for an action that deletes or stops something: the header shows a warning
   * icon and the action button turns destructive. */
  variant?: AlertDialogVariant;
};

/**
 * The alert dialog card, in a portal over a dimmed overlay; looks like `DialogContent` without
 * the × button. Focus starts on the cancel button and returns to the element that opened the
 * dialog, also when a screen opens it without an `AlertDialogTrigger`.
 */
export function AlertDialogContent({
  className,
  variant = 'default',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: AlertDialogContentProps) {
  const focus = useReturnFocusToOpener({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <VariantContext.Provider value={variant}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay data-slot="alert-dialog-overlay" className="fixed inset-0 z-50 bg-overlay" />
        <AlertDialogPrimitive.Content
          data-slot="alert-dialog-content"
          data-variant={variant}
          className={cn(dialogContentClasses, className)}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          {...props}
        />
      </AlertDialogPrimitive.Portal>
    </VariantContext.Provider>
  );
}

/** Title and description at the top, after a warning icon in a destructive dialog. */
export function AlertDialogHeader({ className, children, ...props }: React.ComponentProps<'div'>) {
  const destructive = React.useContext(VariantContext) === 'destructive';
  return (
    <div data-slot="alert-dialog-header" className={cn('flex items-start gap-3', className)} {...props}>
      {destructive ? <WarningIcon /> : null}
      <div className="grid min-w-0 flex-1 gap-2">{children}</div>
    </div>
  );
}
export type AlertDialogHeaderProps = React.ComponentProps<typeof AlertDialogHeader>;

/** The buttons at the bottom: stacked on a phone (action on top), in a row from `sm`. */
export function AlertDialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
export type AlertDialogFooterProps = React.ComponentProps<typeof AlertDialogFooter>;

/** The question, the dialog's heading and accessible name. */
export function AlertDialogTitle({ className, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title data-slot="alert-dialog-title" className={cn('text-title', className)} {...props} />
  );
}
export type AlertDialogTitleProps = React.ComponentProps<typeof AlertDialogTitle>;

/** What follows from the answer; the dialog's accessible description. `asChild` for more than a paragraph. */
export function AlertDialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description
      data-slot="alert-dialog-description"
      className={cn('text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}
export type AlertDialogDescriptionProps = React.ComponentProps<typeof AlertDialogDescription>;

export type AlertDialogActionProps = ButtonProps;

/**
 * The button that answers yes; it closes the dialog. To keep the dialog open while the action
 * runs, call `event.preventDefault()` in `onClick`, set `loading` until it is done and close it
 * through `open`. While `loading`, clicks are ignored. Destructive in a destructive dialog
 * unless `variant` says otherwise.
 */
export function AlertDialogAction({ variant, ...props }: AlertDialogActionProps) {
  const destructive = React.useContext(VariantContext) === 'destructive';
  return (
    <AlertDialogPrimitive.Action asChild>
      <Button
        data-slot="alert-dialog-action"
        variant={variant ?? (destructive ? 'destructive' : 'primary')}
        {...props}
      />
    </AlertDialogPrimitive.Action>
  );
}

export type AlertDialogCancelProps = ButtonProps;

/** The button that answers no and closes the dialog; it has focus when the dialog opens. */
export function AlertDialogCancel({ variant = 'outline', ...props }: AlertDialogCancelProps) {
  return (
    <AlertDialogPrimitive.Cancel asChild>
      <Button data-slot="alert-dialog-cancel" variant={variant} {...props} />
    </AlertDialogPrimitive.Cancel>
  );
}

function WarningIcon() {
  return (
    <StrokeIcon data-slot="alert-dialog-warning-icon" className="mt-0.5 size-6 shrink-0 text-destructive">
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9v4" />
      <path d="M12 17h.01" />
    </StrokeIcon>
  );
}
