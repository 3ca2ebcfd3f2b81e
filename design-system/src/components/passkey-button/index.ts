export type { PasskeyButtonProps } from './passkey-button';
export { PasskeyButton } from './passkey-button';
