import { useRef } from 'react';

type AutoFocusHandlers = {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Focus handlers for a Radix dialog's content that return focus to whatever opened it.
 * Radix returns focus only to its own Trigger; a controlled dialog opened by a screen's own
 * button (or a menu item) has none, so it remembers the focused element when it opens.
 * The caller's handlers run first and win by calling `event.preventDefault()`.
 */
export function useReturnFocusToOpener({ onOpenAutoFocus, onCloseAutoFocus }: AutoFocusHandlers) {
  const openerRef = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      // Focus has not moved into the dialog yet, so this is the element that opened it.
      const active = document.activeElement;
      openerRef.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const opener = openerRef.current;
      openerRef.current = null;
      // A dialog that opened as this one closed (a confirmation followed by its result) has
      // taken focus already; this one's content is gone, so focus inside a dialog is the other's.
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.closest('[role="dialog"], [role="alertdialog"]')) {
        event.preventDefault();
        return;
      }
      if (opener?.isConnected) {
        event.preventDefault();
        opener.focus();
      }
    },
  };
}
