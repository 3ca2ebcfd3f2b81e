export type {
  ActionMenuButtonProps,
  ActionMenuContentProps,
  ActionMenuItemProps,
  ActionMenuProps,
  ActionMenuTriggerProps,
} from './action-menu';
export { ActionMenu, ActionMenuButton, ActionMenuContent, ActionMenuItem, ActionMenuTrigger } from './action-menu';
