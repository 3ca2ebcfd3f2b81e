export type { ProviderButtonProps, ProviderMarkProps, SignInProvider } from './provider-button';
export { ProviderButton, ProviderMark } from './provider-button';
