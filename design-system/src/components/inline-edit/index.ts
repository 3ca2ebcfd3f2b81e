export type { InlineEditProps } from './inline-edit';
export { InlineEdit } from './inline-edit';
