import type * as React from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  type AlertDialogContentProps,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';

export type ConfirmDialogProps = Omit<AlertDialogContentProps, 'title' | 'content' | 'children' | 'variant'> & {
  /** Whether the dialog is open. */
  visible: boolean;
  /** The question, also the dialog's accessible name. */
  title: string;
  /** What follows from confirming, also the accessible description. */
  content: React.ReactNode;
  /** A dangerous action: a warning icon shows and the confirm button turns destructive. */
  warning?: boolean;
  /** Text of the confirm button. */
  confirmLabel?: string;
  /** Text of the cancel button. */
  cancelLabel?: string;
  /** Called by the confirm button. The dialog stays open: the screen closes it through `visible`. */
  onConfirm: () => void;
  /** Called by the cancel button and Escape. */
  onCancel: () => void;
  /** While the confirmed action runs: the confirm button is busy and the dialog cannot be dismissed. */
  loading?: boolean;
  /** Announced while `loading` (the visible label stays). */
  loadingLabel?: string;
  /** Extra content under the message, e.g. an error. */
  children?: React.ReactNode;
};

/** A confirmation from the spec's modal model (`ModalState`, `useModal`), built from the AlertDialog parts. */
export function ConfirmDialog({
  visible,
  title,
  content,
  warning = false,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  loading = false,
  loadingLabel,
  children,
  ...props
}: ConfirmDialogProps) {
  const hasContent = content !== '' && content != null;
  return (
    <AlertDialog
      open={visible}
      onOpenChange={(open) => {
        if (!open && !loading) onCancel();
      }}
    >
      <AlertDialogContent
        variant={warning ? 'destructive' : 'default'}
        // Radix warns when a dialog has no description; one without a message opts out explicitly.
        {...(hasContent ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {hasContent ? (
            <AlertDialogDescription asChild>
              <div>{content}</div>
            </AlertDialogDescription>
          ) : null}
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          {/* Ignored rather than disabled while busy, so focus never lands on a disabled button. */}
          <AlertDialogCancel
            aria-disabled={loading || undefined}
            onClick={(event) => {
              if (loading) event.preventDefault();
            }}
          >
            {cancelLabel}
          </AlertDialogCancel>
          <AlertDialogAction
            loading={loading}
            loadingLabel={loadingLabel}
            onClick={(event) => {
              event.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
