import * as React from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { Button, type ButtonProps } from '../button/button';

/** How long the copied confirmation stays before the button returns to its label. */
export const COPIED_FEEDBACK_MS = 2000;

/**
 * The old way to copy, for pages without the async Clipboard API (plain http, older browsers):
 * select the text in an off-screen textarea and run the copy command.
 */
function copyWithTextarea(value: string): void {
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const textarea = document.createElement('textarea');
  textarea.value = value;
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  textarea.style.position = 'fixed';
  textarea.style.top = '0';
  textarea.style.left = '-9999px';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  try {
    textarea.select();
    if (!document.execCommand('copy')) throw new Error('The browser refused to copy');
  } finally {
    textarea.remove();
    // Selecting the textarea moved focus; put it back on the button.
    previousFocus?.focus();
  }
}

async function copyText(value: string): Promise<void> {
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    await navigator.clipboard.writeText(value);
    return;
  }
  copyWithTextarea(value);
}

function CopyIcon() {
  return (
    <StrokeIcon>
      <rect width="14" height="14" x="8" y="8" rx="2" />
      <path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" />
    </StrokeIcon>
  );
}

function CheckIcon() {
  return (
    <StrokeIcon>
      <path d="M20 6 9 17l-5-5" />
    </StrokeIcon>
  );
}

export type CopyButtonProps = Omit<ButtonProps, 'children' | 'value'> & {
  /** The text put on the clipboard. */
  value: string;
  /** Visible label and accessible name. */
  label?: string;
  /** Shown and announced for a moment after a successful copy. */
  copiedLabel?: string;
  /** Milliseconds the copied confirmation stays. */
  copiedDurationMs?: number;
  /** Called with the copied text after a successful copy. */
  onCopied?: (value: string) => void;
  /** Called when the browser would not copy. */
  onCopyError?: (error: unknown) => void;
  /** Shows the icon alone (for tight places such as a table cell); the label stays the
   * accessible name and becomes the tooltip. */
  iconOnly?: boolean;
};

/** Copies `value` to the clipboard and confirms it for about two seconds. */
export function CopyButton({
  className,
  value,
  label = 'Copy link',
  copiedLabel = 'Copied',
  copiedDurationMs = COPIED_FEEDBACK_MS,
  onCopied,
  onCopyError,
  iconOnly = false,
  onClick,
  variant = 'outline',
  ...props
}: CopyButtonProps) {
  const [copied, setCopied] = React.useState(false);
  const resetTimer = React.useRef<number | undefined>(undefined);

  React.useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  async function handleClick(event: React.MouseEvent<HTMLButtonElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    try {
      await copyText(value);
    } catch (error) {
      onCopyError?.(error);
      return;
    }
    setCopied(true);
    window.clearTimeout(resetTimer.current);
    resetTimer.current = window.setTimeout(() => setCopied(false), copiedDurationMs);
    onCopied?.(value);
  }

  return (
    <>
      <Button
        data-slot="copy-button"
        data-copied={copied || undefined}
        variant={variant}
        title={iconOnly ? label : undefined}
        className={cn(iconOnly && 'size-8 px-0', className)}
        onClick={handleClick}
        {...props}
      >
        {copied ? <CheckIcon /> : <CopyIcon />}
        {/* Both labels share one grid cell so the button keeps its width when the text swaps;
            the hidden one is `invisible`, which also leaves it out of the accessible name. */}
        <span className={cn('grid', iconOnly && 'sr-only')}>
          <span className={cn('col-start-1 row-start-1', copied && 'invisible')}>{label}</span>
          <span className={cn('col-start-1 row-start-1', !copied && 'invisible')}>{copiedLabel}</span>
        </span>
      </Button>
      <span data-slot="copy-button-status" role="status" className="sr-only">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
}
