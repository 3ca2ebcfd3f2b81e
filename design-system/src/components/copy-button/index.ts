export type { CopyButtonProps } from './copy-button';
export { COPIED_FEEDBACK_MS, CopyButton } from './copy-button';
