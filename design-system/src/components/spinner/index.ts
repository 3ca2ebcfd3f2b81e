export type { ProgressProps, SpinnerProps } from './spinner';
export { Progress, Spinner, spinnerVariants } from './spinner';
