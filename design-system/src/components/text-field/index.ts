export type { FieldMessageProps, InputProps, LabelProps, TextFieldProps } from './text-field';
export { FieldMessage, fieldMessageVariants, Input, Label, TextField } from './text-field';
