export type { AuthCardLogoProps, AuthCardProps } from './auth-card';
export { AuthCard, AuthCardLogo, authCardVariants } from './auth-card';
