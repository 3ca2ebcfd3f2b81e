import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';
import { cn } from '../../lib/cn';
import { AlertIcon, CloseIcon } from '../alert/alert';

export const toastVariants = cva(
  'pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-l-4 bg-card p-4 text-card-foreground text-sm shadow-lg motion-safe:animate-toast-in',
  {
    variants: {
      tone: {
        success: 'border-l-success [&_[data-slot=alert-icon]]:text-success',
        info: 'border-l-info [&_[data-slot=alert-icon]]:text-info',
        error: 'border-l-destructive [&_[data-slot=alert-icon]]:text-destructive',
      },
    },
    defaultVariants: { tone: 'success' },
  },
);

export type ToastTone = NonNullable<VariantProps<typeof toastVariants>['tone']>;

/** How long a toast stays when no duration is given. */
export const DEFAULT_TOAST_DURATION_MS = 4000;

export type ToastProps = Omit<React.ComponentProps<'div'>, 'children'> &
  VariantProps<typeof toastVariants> & {
    /** The text of the notification. */
    message: React.ReactNode;
    /** Shows a close button; called when it is pressed. */
    onClose?: () => void;
    /** Accessible name of the close button. */
    closeLabel?: string;
  };

/**
 * One short notification card. It has no live-region role of its own: the `Toaster` around it
 * announces it, and a second live region would make screen readers read it twice.
 */
export function Toast({ className, tone, message, onClose, closeLabel = 'Close', ...props }: ToastProps) {
  const resolvedTone = tone ?? 'success';
  return (
    <div data-slot="toast" data-tone={resolvedTone} className={cn(toastVariants({ tone }), className)} {...props}>
      <AlertIcon tone={resolvedTone} className="mt-0.5" />
      <div data-slot="toast-message" className="min-w-0 flex-1 leading-5">
        {message}
      </div>
      {onClose ? (
        <button
          type="button"
          data-slot="toast-close"
          aria-label={closeLabel}
          onClick={onClose}
          className="focus-ring -m-1 inline-flex size-7 shrink-0 cursor-pointer items-center justify-center rounded-md text-card-foreground hover:bg-accent hover:text-accent-foreground"
        >
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}

export type ToastItem = {
  /** Identifies the toast for `dismiss`. */
  id: string;
  /** The text of the notification. */
  message: string;
  /** Colour and icon. */
  tone: ToastTone;
  /** Milliseconds before it closes by itself; 0 or Infinity keeps it until closed. */
  durationMs: number;
};

type TimedToastProps = {
  item: ToastItem;
  onDismiss: (id: string) => void;
  closeLabel: string;
};

function TimedToast({ item, onDismiss, closeLabel }: TimedToastProps) {
  const { id, durationMs } = item;
  // Hovering or focusing a toast holds it open, so it does not vanish while someone reads or
  // reaches for it (WCAG 2.2.1); leaving starts the full duration again.
  const [held, setHeld] = React.useState(false);

  React.useEffect(() => {
    if (held || !(durationMs > 0 && Number.isFinite(durationMs))) return;
    const timer = window.setTimeout(() => onDismiss(id), durationMs);
    return () => window.clearTimeout(timer);
  }, [held, id, durationMs, onDismiss]);

  return (
    <li
      data-slot="toaster-item"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      <Toast message={item.message} tone={item.tone} onClose={() => onDismiss(id)} closeLabel={closeLabel} />
    </li>
  );
}

export type ToasterProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  /** The toasts to show, oldest first. */
  toasts: ToastItem[];
  /** Called when a toast's time is up or its close button is pressed. */
  onDismiss: (id: string) => void;
  /** Accessible name of every toast's close button. */
  closeLabel?: string;
  /** Accessible name of the notification region. */
  label?: string;
};

/**
 * The fixed bottom-corner region toasts appear in. It is always rendered, even empty, because
 * screen readers only announce changes to a live region that already existed.
 */
export function Toaster({
  className,
  toasts,
  onDismiss,
  closeLabel = 'Close',
  label = 'Notifications',
  ...props
}: ToasterProps) {
  return (
    <section
      data-slot="toaster"
      aria-label={label}
      aria-live="polite"
      aria-relevant="additions"
      className={cn(
        'pointer-events-none fixed right-4 bottom-4 z-50 w-[calc(100%-2rem)] max-w-sm sm:right-6 sm:bottom-6',
        className,
      )}
      {...props}
    >
      <ol className="flex flex-col gap-2">
        {toasts.map((item) => (
          <TimedToast key={item.id} item={item} onDismiss={onDismiss} closeLabel={closeLabel} />
        ))}
      </ol>
    </section>
  );
}

export type ToastOptions = {
  /** Colour and icon; success unless given. */
  tone?: ToastTone;
  /** Milliseconds before it closes by itself; 0 or Infinity keeps it until closed. */
  durationMs?: number;
};

export type ToastApi = {
  /** Shows a toast and returns its id. */
  toast: (message: string, options?: ToastOptions) => string;
  /** Closes the toast with this id. */
  dismiss: (id: string) => void;
};

const ToastContext = React.createContext<ToastApi | null>(null);

export type ToastProviderProps = Omit<ToasterProps, 'toasts' | 'onDismiss'> & {
  /** The part of the app that may call `useToast()`. */
  children?: React.ReactNode;
  /** Duration for toasts that do not set their own. */
  defaultDurationMs?: number;
};

/** Holds the list of toasts, renders the `Toaster` and lets descendants call `useToast()`. */
export function ToastProvider({
  children,
  defaultDurationMs = DEFAULT_TOAST_DURATION_MS,
  ...props
}: ToastProviderProps) {
  const [toasts, setToasts] = React.useState<ToastItem[]>([]);
  const nextId = React.useRef(0);

  const dismiss = React.useCallback((id: string) => {
    setToasts((current) => current.filter((item) => item.id !== id));
  }, []);

  const toast = React.useCallback(
    (message: string, options: ToastOptions = {}) => {
      nextId.current += 1;
      const id = `toast-${nextId.current}`;
      const item: ToastItem = {
        id,
        message,
        tone: options.tone ?? 'success',
        durationMs: options.durationMs ?? defaultDurationMs,
      };
      setToasts((current) => [...current, item]);
      return id;
    },
    [defaultDurationMs],
  );

  const api = React.useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toasts={toasts} onDismiss={dismiss} {...props} />
    </ToastContext.Provider>
  );
}

/** Shows and closes toasts; must be called inside a `ToastProvider`. */
export function useToast(): ToastApi {
  const api = React.useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside a ToastProvider');
  return api;
}
