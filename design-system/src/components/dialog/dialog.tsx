import * as DialogPrimitive from '@radix-ui/react-dialog';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { useReturnFocusToOpener } from '../../lib/return-focus';
import { StrokeIcon } from '../../lib/stroke-icon';

/** A dialog over the page (Radix Dialog): focus stays inside, Escape and a click outside close it.
 * `open`/`onOpenChange` or `defaultOpen` as on Radix. */
export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root {...props} />;
}
export type DialogProps = React.ComponentProps<typeof Dialog>;

/** What opens the dialog; focus returns to it on close. `asChild` to use your own button. */
export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}
export type DialogTriggerProps = React.ComponentProps<typeof DialogTrigger>;

/** Renders its children into `document.body` (`DialogContent` already does). */
export function DialogPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal {...props} />;
}
export type DialogPortalProps = React.ComponentProps<typeof DialogPortal>;

/** What closes the dialog; `asChild` to make your own button close it. */
export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}
export type DialogCloseProps = React.ComponentProps<typeof DialogClose>;

/** The dimmed layer behind the dialog (`DialogContent` already renders one). */
export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn('fixed inset-0 z-50 bg-overlay', className)}
      {...props}
    />
  );
}
export type DialogOverlayProps = React.ComponentProps<typeof DialogOverlay>;

/** Classes of the dialog card, shared with the alert dialog so both look alike: centred, never
 * wider than the screen less a margin, and scrolling inside when taller than the screen. */
export const dialogContentClasses =
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg';

export type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Shows the × button in the corner. */
  showCloseButton?: boolean;
  /** Accessible name of the × button. */
  closeLabel?: string;
};

/**
 * The dialog card, in a portal over a dimmed overlay, with a × close button. Focus returns to
 * the element that opened it, also when a screen opens it without a `DialogTrigger`. A dialog
 * without a `DialogDescription` passes `aria-describedby={undefined}`.
 */
export function DialogContent({
  className,
  children,
  showCloseButton = true,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const focus = useReturnFocusToOpener({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          dialogContentClasses,
          // Room for the × button beside the title.
          showCloseButton && '[&_[data-slot=dialog-header]]:pr-8',
          className,
        )}
        onOpenAutoFocus={focus.onOpenAutoFocus}
        onCloseAutoFocus={focus.onCloseAutoFocus}
        {...props}
      >
        {children}
        {/* Last in the tab order: the dialog's first field or button gets focus on open. */}
        {showCloseButton ? (
          <DialogPrimitive.Close
            data-slot="dialog-close-button"
            aria-label={closeLabel}
            title={closeLabel}
            className="focus-ring absolute top-4 right-4 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
          >
            <StrokeIcon className="size-4">
              <path d="M18 6 6 18" />
              <path d="m6 6 12 12" />
            </StrokeIcon>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

/** Title and description at the top. */
export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cn('grid gap-2', className)} {...props} />;
}
export type DialogHeaderProps = React.ComponentProps<typeof DialogHeader>;

/** The buttons at the bottom: stacked on a phone (main action on top), in a row from `sm`. */
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}
export type DialogFooterProps = React.ComponentProps<typeof DialogFooter>;

/** The dialog's heading and accessible name. */
export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="dialog-title" className={cn('text-title', className)} {...props} />;
}
export type DialogTitleProps = React.ComponentProps<typeof DialogTitle>;

/** The dialog's message and accessible description. `asChild` for more than a paragraph. */
export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-muted-foreground text-sm', className)}
      {...props}
    />
  );
}
export type DialogDescriptionProps = React.ComponentProps<typeof DialogDescription>;
