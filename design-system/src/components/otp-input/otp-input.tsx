import * as React from 'react';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';

export type OtpInputProps = Omit<React.ComponentProps<'div'>, 'onChange' | 'defaultValue' | 'children'> & {
  /** Number of digit boxes. */
  length?: number;
  /** The code (controlled); only its digits are used. */
  value?: string;
  /** The initial code when uncontrolled. */
  defaultValue?: string;
  /** Called with the digits entered so far whenever they change. */
  onChange?: (code: string) => void;
  /** Called once with the full code when the last box is filled (auto-submit); again only after the code changes. */
  onComplete?: (code: string) => void;
  /** Disables every box, e.g. while the code is being verified. */
  disabled?: boolean;
  /** An error that ends this code (expired, too many retries): hides the boxes and shows only the message. */
  hardError?: React.ReactNode;
  /** An error the user can correct (wrong code): shown beneath the boxes. */
  softError?: React.ReactNode;
  /** Accessible name of the group of boxes. */
  label?: string;
  /** Accessible name of each box. */
  digitLabel?: (index: number, length: number) => string;
  /** Moves focus to the first empty box on mount. */
  autoFocus?: boolean;
};

function digitsOf(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/** Six (or `length`) single-digit boxes for a one-time code, with paste, keyboard navigation and auto-submit. */
export function OtpInput({
  length = 6,
  value,
  defaultValue = '',
  onChange,
  onComplete,
  disabled = false,
  hardError,
  softError,
  label = 'One-time code',
  digitLabel = (index, total) => `Digit ${index + 1} of ${total}`,
  autoFocus = false,
  className,
  ...props
}: OtpInputProps) {
  const [storedCode, setCode] = useControllableState({
    prop: value,
    defaultProp: digitsOf(defaultValue, length),
    onChange,
    caller: 'OtpInput',
  });
  const code = digitsOf(storedCode, length);
  const errorId = React.useId();
  const boxes = React.useRef<(HTMLInputElement | null)[]>([]);

  // The code is always a run of digits from the first box on, without gaps. Focus handlers run
  // before React re-renders, so they read the newest code from this ref rather than from a closure.
  const latestCode = React.useRef(code);
  const completedCode = React.useRef<string | null>(null);
  React.useLayoutEffect(() => {
    latestCode.current = code;
  });
  React.useLayoutEffect(() => {
    // A parent may clear the code (e.g. after a wrong code); the same code may then be submitted again.
    if (code.length < length) completedCode.current = null;
  }, [code, length]);

  React.useEffect(() => {
    if (autoFocus) boxes.current[Math.min(latestCode.current.length, length - 1)]?.focus();
  }, [autoFocus, length]);

  function focusBox(index: number) {
    boxes.current[Math.max(0, Math.min(index, length - 1))]?.focus();
  }

  function commit(next: string, focusIndex: number) {
    if (next !== latestCode.current) {
      latestCode.current = next;
      setCode(next);
    }
    focusBox(focusIndex);
    if (next.length === length && completedCode.current !== next) {
      completedCode.current = next;
      onComplete?.(next);
    } else if (next.length < length) {
      completedCode.current = null;
    }
  }

  /** Writes digits from box `index` on, overwriting what is there. */
  function enterDigits(index: number, digits: string) {
    const current = latestCode.current;
    const start = Math.min(index, current.length);
    const next = (current.slice(0, start) + digits + current.slice(start + digits.length)).slice(0, length);
    commit(next, start + digits.length);
  }

  function handleChange(index: number, event: React.ChangeEvent<HTMLInputElement>) {
    const previous = latestCode.current[index] ?? '';
    const typed = event.target.value;
    const digits = typed.replace(/\D/g, '');
    if (digits.length >= length) {
      // The browser filled the whole code at once (one-time-code autofill).
      commit(digits.slice(0, length), length - 1);
      return;
    }
    if (typed === '') {
      commit(latestCode.current.slice(0, index) + latestCode.current.slice(index + 1), index);
      return;
    }
    // Typing into a filled box yields the old digit plus the new one; keep the new one.
    const entered = previous && digits.length > 1 ? digits.replace(previous, '') : digits;
    if (entered) enterDigits(index, entered);
  }

  function handleKeyDown(index: number, event: React.KeyboardEvent<HTMLInputElement>) {
    const current = latestCode.current;
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (current[index] !== undefined) {
          commit(current.slice(0, index) + current.slice(index + 1), index);
        } else if (index > 0) {
          commit(current.slice(0, index - 1), index - 1);
        }
        break;
      case 'Delete':
        event.preventDefault();
        commit(current.slice(0, index) + current.slice(index + 1), index);
        break;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(Math.min(index + 1, current.length));
        break;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        break;
      case 'End':
        event.preventDefault();
        focusBox(current.length);
        break;
    }
  }

  function handlePaste(index: number, event: React.ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    // Codes are often copied as "123 456" or "123-456".
    const pasted = event.clipboardData.getData('text').replace(/[\s-]/g, '');
    if (!/^\d+$/.test(pasted)) return;
    if (pasted.length >= length) commit(pasted.slice(0, length), length - 1);
    else enterDigits(index, pasted);
  }

  function handleFocus(index: number, event: React.FocusEvent<HTMLInputElement>) {
    // Boxes fill from the left: focus lands on the first empty box at the latest.
    const firstEmpty = Math.min(latestCode.current.length, length - 1);
    if (index > firstEmpty) {
      focusBox(firstEmpty);
      return;
    }
    event.target.select();
  }

  if (hardError) {
    return (
      <div data-slot="otp-input" className={cn('grid gap-2', className)} {...props}>
        <p
          data-slot="otp-input-hard-error"
          role="alert"
          className="rounded-md border border-destructive px-4 py-3 font-medium text-destructive text-sm"
        >
          {hardError}
        </p>
      </div>
    );
  }

  return (
    <div data-slot="otp-input" className={cn('grid justify-items-center gap-2', className)} {...props}>
      <fieldset data-slot="otp-input-group" aria-label={label} className="flex min-w-0 gap-2">
        {Array.from({ length }, (_, index) => (
          <input
            // The boxes are a fixed row; the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            data-slot="otp-input-digit"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={digitLabel(index, length)}
            aria-invalid={softError ? true : undefined}
            aria-describedby={softError ? errorId : undefined}
            disabled={disabled}
            value={code[index] ?? ''}
            onChange={(event) => handleChange(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
            onFocus={(event) => handleFocus(index, event)}
            className="focus-ring size-12 rounded-md border border-input bg-card text-center font-semibold text-card-foreground text-xl tabular-nums transition-colors focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:size-14"
          />
        ))}
      </fieldset>
      {softError ? (
        <p id={errorId} data-slot="otp-input-soft-error" role="alert" className="text-destructive text-sm">
          {softError}
        </p>
      ) : null}
    </div>
  );
}
