import type * as React from 'react';
import { cn } from '../../lib/cn';
import { CopyButton } from '../copy-button/copy-button';
import { Spinner } from '../spinner/spinner';

/** Splits a setup key into blocks (of 4 by default) so it can be read and typed without losing place. */
export function groupSecret(secret: string, blockSize = 4): string {
  const compact = secret.replace(/\s/g, '');
  return (compact.match(new RegExp(`.{1,${blockSize}}`, 'g')) ?? []).join(' ');
}

export type QrCodeImageProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** The QR code image: a URL or a data URL. */
  src: string;
  /** Text alternative of the image. */
  alt?: string;
  /** The setup key for entering by hand; copied without the spaces between blocks. */
  secret: string;
  /** Text above the setup key. */
  secretLabel?: string;
  /** Shows a placeholder of the same size while the image is being fetched. */
  loading?: boolean;
  /** Accessible text announced while loading. */
  loadingLabel?: string;
  /** Text of the copy button. */
  copyLabel?: string;
  /** Text shown after copying. */
  copiedLabel?: string;
};

/** The QR code of two-factor setup in a light frame, with the setup key to type by hand and a copy button. */
export function QrCodeImage({
  src,
  alt = 'QR code for your authenticator app',
  secret,
  secretLabel = 'Or enter this key manually',
  loading = false,
  loadingLabel = 'Loading QR code',
  copyLabel = 'Copy key',
  copiedLabel = 'Copied',
  className,
  ...props
}: QrCodeImageProps) {
  return (
    <div data-slot="qr-code-image" className={cn('grid justify-items-center gap-4', className)} {...props}>
      {/* Scanners need dark modules on a light ground, so the frame stays white in the dark theme too. */}
      <div data-slot="qr-code-image-frame" className="rounded-lg border bg-white p-3 shadow-sm">
        {loading ? (
          <div className="flex size-48 items-center justify-center text-neutral-600">
            <Spinner size="lg" label={loadingLabel} />
          </div>
        ) : (
          <img src={src} alt={alt} width={192} height={192} className="size-48 [image-rendering:pixelated]" />
        )}
      </div>
      <div data-slot="qr-code-image-secret" className="grid justify-items-center gap-2 text-center">
        <p className="text-muted-foreground text-sm">{secretLabel}</p>
        <span className="flex flex-wrap items-center justify-center gap-2">
          <code
            data-slot="qr-code-image-key"
            className="rounded-md bg-muted px-3 py-1.5 font-mono text-foreground text-sm tracking-wider"
          >
            {groupSecret(secret)}
          </code>
          <CopyButton size="sm" value={secret.replace(/\s/g, '')} label={copyLabel} copiedLabel={copiedLabel} />
        </span>
      </div>
    </div>
  );
}
