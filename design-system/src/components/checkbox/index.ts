export type { CheckboxProps } from './checkbox';
export { Checkbox } from './checkbox';
