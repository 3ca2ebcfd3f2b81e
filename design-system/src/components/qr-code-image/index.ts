export type { QrCodeImageProps } from './qr-code-image';
export { groupSecret, QrCodeImage } from './qr-code-image';
