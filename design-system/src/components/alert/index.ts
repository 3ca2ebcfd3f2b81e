export type { AlertIconProps, AlertProps, AlertTone, InfoBoxProps } from './alert';
export { Alert, AlertIcon, alertVariants, InfoBox } from './alert';
