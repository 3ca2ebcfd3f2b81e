import * as React from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { Button } from '../button/button';
import { Checkbox } from '../checkbox/checkbox';
import { CopyButton } from '../copy-button/copy-button';

/** The codes as plain text, one a line under a heading: what Copy all, Download and Print give. */
export function recoveryCodesText(codes: readonly string[], heading?: string): string {
  return [...(heading ? [heading, ''] : []), ...codes, ''].join('\n');
}

function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The download has its own copy once it started; the address can go.
    window.setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Prints the codes alone, from a hidden frame: the page around them stays off the paper. */
function printText(text: string, title: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  document.body.append(frame);
  const view = frame.contentWindow;
  if (!view) {
    frame.remove();
    return;
  }
  view.document.open();
  view.document.write(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><pre style="font:14pt/1.8 ui-monospace,monospace">${escapeHtml(text)}</pre></body></html>`,
  );
  view.document.close();
  view.addEventListener('afterprint', () => frame.remove(), { once: true });
  view.focus();
  view.print();
}

function DownloadIcon() {
  return (
    <StrokeIcon>
      <path d="M12 15V3M7 10l5 5 5-5M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />
    </StrokeIcon>
  );
}

function PrintIcon() {
  return (
    <StrokeIcon>
      <path d="M6 9V2h12v7M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      <rect width="12" height="8" x="6" y="14" />
    </StrokeIcon>
  );
}

export type RecoveryCodeListProps = Omit<React.ComponentProps<'ol'>, 'children'> & {
  /** The codes, as the server gave them. */
  codes: readonly string[];
  /** Accessible name of the list. */
  label?: string;
};

/** The codes in a monospace grid: two columns, one code a cell, easy to read out and copy. */
export function RecoveryCodeList({ className, codes, label = 'Recovery codes', ...props }: RecoveryCodeListProps) {
  return (
    <ol
      data-slot="recovery-code-list"
      aria-label={label}
      className={cn(
        'grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-border bg-muted/40 p-4 font-mono text-base text-foreground tracking-wide',
        className,
      )}
      {...props}
    >
      {codes.map((code) => (
        <li key={code} data-slot="recovery-code" className="select-all text-center">
          {code}
        </li>
      ))}
    </ol>
  );
}

export type RecoveryCodesProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The codes, shown this once. */
  codes: readonly string[];
  /** Accessible name of the list of codes. */
  listLabel?: string;
  /** The first line of the copied, downloaded and printed text, and the printout's title. */
  heading?: string;
  /** Name of the downloaded file. */
  fileName?: string;
  /** Label of the button that copies every code. */
  copyLabel?: string;
  /** Shown and announced for a moment after the codes were copied. */
  copiedLabel?: string;
  /** Label of the button that downloads the codes as a .txt file. */
  downloadLabel?: string;
  /** Label of the button that prints the codes. */
  printLabel?: string;
  /** Label of the confirmation that has to be ticked before continuing. */
  confirmLabel?: string;
  /** Label of the button that continues once the codes are saved. */
  continueLabel?: string;
  /** Whether the person confirmed saving the codes (controlled). */
  confirmed?: boolean;
  /** Whether the confirmation starts ticked (uncontrolled). */
  defaultConfirmed?: boolean;
  /** Called when the confirmation is ticked or cleared. */
  onConfirmedChange?: (confirmed: boolean) => void;
  /** Called when the person continues, after confirming. */
  onContinue: () => void;
  /** Called with the text after the codes were copied. */
  onCopied?: (text: string) => void;
  /** Called with the text when the download starts. */
  onDownload?: (text: string) => void;
  /** Called with the text when printing starts. */
  onPrint?: (text: string) => void;
};

/**
 * New recovery codes, shown once: the list, ways to keep it (copy, download as text, print), and
 * a confirmation that they were saved before the person can continue.
 */
export function RecoveryCodes({
  className,
  codes,
  listLabel = 'Recovery codes',
  heading = 'Recovery codes',
  fileName = 'recovery-codes.txt',
  copyLabel = 'Copy all',
  copiedLabel = 'Copied',
  downloadLabel = 'Download (.txt)',
  printLabel = 'Print',
  confirmLabel = 'I have saved these codes',
  continueLabel = 'Continue',
  confirmed: confirmedProp,
  defaultConfirmed = false,
  onConfirmedChange,
  onContinue,
  onCopied,
  onDownload,
  onPrint,
  ...props
}: RecoveryCodesProps) {
  const [uncontrolled, setUncontrolled] = React.useState(defaultConfirmed);
  const confirmed = confirmedProp ?? uncontrolled;
  const text = recoveryCodesText(codes, heading);

  function setConfirmed(next: boolean) {
    if (confirmedProp === undefined) setUncontrolled(next);
    onConfirmedChange?.(next);
  }

  return (
    <div data-slot="recovery-codes" className={cn('flex flex-col gap-4', className)} {...props}>
      <RecoveryCodeList codes={codes} label={listLabel} />
      <div data-slot="recovery-codes-actions" className="flex flex-wrap gap-2">
        <CopyButton value={text} label={copyLabel} copiedLabel={copiedLabel} size="sm" onCopied={onCopied} />
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            downloadText(text, fileName);
            onDownload?.(text);
          }}
        >
          <DownloadIcon />
          {downloadLabel}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            onPrint?.(text);
            printText(text, heading);
          }}
        >
          <PrintIcon />
          {printLabel}
        </Button>
      </div>
      <Checkbox label={confirmLabel} checked={confirmed} onCheckedChange={(state) => setConfirmed(state === true)} />
      <Button type="button" className="self-start" disabled={!confirmed} onClick={onContinue}>
        {continueLabel}
      </Button>
    </div>
  );
}
