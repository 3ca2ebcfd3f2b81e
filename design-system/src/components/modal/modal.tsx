import * as DialogPrimitive from '@radix-ui/react-dialog';
import type * as React from 'react';
import { useCallback, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { Button } from '../button/button';

/** The spec's modal model: what a screen keeps in state to drive a `Modal`. */
export type ModalState = {
  visible: boolean;
  title: string;
  content: string;
  warning: boolean;
};

/** The model of a modal that is not shown. */
export const closedModal: ModalState = { visible: false, title: '', content: '', warning: false };

/** The model of a shown modal with the given texts; `warning` defaults to false. */
export function showModal(input: { title: string; content: string; warning?: boolean }): ModalState {
  return { visible: true, title: input.title, content: input.content, warning: input.warning ?? false };
}

/** The model of a hidden modal: not visible, title and content emptied. */
export function hideModal(): ModalState {
  return { ...closedModal };
}

/** Local modal state with `show` and `hide`; spread `modal` into `<Modal>`. */
export function useModal() {
  const [modal, setModal] = useState<ModalState>(closedModal);
  const show = useCallback((input: { title: string; content: string; warning?: boolean }) => {
    setModal(showModal(input));
  }, []);
  const hide = useCallback(() => setModal(hideModal()), []);
  return { modal, show, hide };
}

export type ModalProps = Omit<
  React.ComponentProps<typeof DialogPrimitive.Content>,
  'title' | 'content' | 'children'
> & {
  /** Whether the modal is open. */
  visible: boolean;
  /** Heading of the modal, also its accessible name. */
  title: string;
  /** Main message, also its accessible description. */
  content: React.ReactNode;
  /** Marks a dangerous action: the confirm button turns destructive and a warning icon shows. */
  warning?: boolean;
  /** Text of the confirm button. */
  confirmLabel?: string;
  /** Text of the cancel button. */
  cancelLabel?: string;
  /** Called by the confirm button; without it only the cancel button is shown. */
  onConfirm?: () => void;
  /** Called by the cancel button, Escape and a click outside the modal. */
  onCancel: () => void;
  /** Shows the confirm button busy while the confirmed action runs. */
  confirmLoading?: boolean;
  /** Extra content under the message, e.g. a list or a form. */
  children?: React.ReactNode;
};

/** A confirmation dialog; focus is trapped inside and returns to the opener when it closes. */
export function Modal({
  className,
  visible,
  title,
  content,
  warning = false,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  confirmLoading = false,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ModalProps) {
  const openerRef = useRef<HTMLElement | null>(null);
  const hasContent = content !== '' && content != null;
  return (
    <DialogPrimitive.Root
      open={visible}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay data-slot="modal-overlay" className="fixed inset-0 z-50 bg-overlay" />
        <DialogPrimitive.Content
          data-slot="modal"
          data-warning={warning || undefined}
          // Radix warns when a dialog has no description; an empty modal opts out explicitly.
          {...(hasContent ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg',
            className,
          )}
          onOpenAutoFocus={(event) => {
            // Focus has not moved into the modal yet, so this is the element that opened it.
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            // Radix returns focus only to a Dialog.Trigger; a controlled modal has none, so return it to the opener.
            const opener = openerRef.current;
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          {...props}
        >
          <div data-slot="modal-header" className="flex items-start gap-3">
            {warning ? <WarningIcon /> : null}
            <div className="grid gap-2">
              <DialogPrimitive.Title data-slot="modal-title" className="text-title">
                {title}
              </DialogPrimitive.Title>
              {hasContent ? (
                <DialogPrimitive.Description asChild>
                  <div data-slot="modal-content" className="text-muted-foreground text-sm">
                    {content}
                  </div>
                </DialogPrimitive.Description>
              ) : null}
            </div>
          </div>
          {children}
          <div data-slot="modal-footer" className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel}>
              {cancelLabel}
            </Button>
            {onConfirm ? (
              <Button variant={warning ? 'destructive' : 'primary'} loading={confirmLoading} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            ) : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function WarningIcon() {
  return (
    <StrokeIcon data-slot="modal-warning-icon" className="mt-0.5 size-6 shrink-0 text-destructive">
      <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
      <path d="M12 9v4" />
      <path d="M12 17h.01" />
    </StrokeIcon>
  );
}
