export type { ButtonProps } from './button';
export { Button, buttonVariants } from './button';
