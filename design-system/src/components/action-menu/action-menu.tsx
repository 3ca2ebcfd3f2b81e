import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type * as React from 'react';
import { cn } from '../../lib/cn';
import { StrokeIcon } from '../../lib/stroke-icon';
import { Button, type ButtonProps } from '../button/button';

/** A menu of actions, e.g. a table row's (Radix DropdownMenu: arrow keys, typeahead, Escape,
 * focus back to the trigger). `open`/`onOpenChange` or `defaultOpen` as on Radix. */
export function ActionMenu(props: React.ComponentProps<typeof DropdownMenu.Root>) {
  return <DropdownMenu.Root {...props} />;
}
export type ActionMenuProps = React.ComponentProps<typeof ActionMenu>;

/** What opens the menu; `asChild` to use your own button. */
export function ActionMenuTrigger(props: React.ComponentProps<typeof DropdownMenu.Trigger>) {
  return <DropdownMenu.Trigger data-slot="action-menu-trigger" {...props} />;
}
export type ActionMenuTriggerProps = React.ComponentProps<typeof ActionMenuTrigger>;

export type ActionMenuButtonProps = Omit<ButtonProps, 'children'> & {
  /** Accessible name and tooltip of the icon button, e.g. "Actions for anna@acme.test". */
  label: string;
};

/** The usual trigger: a small ghost button with three dots, named by `label`. */
export function ActionMenuButton({ label, className, ...props }: ActionMenuButtonProps) {
  return (
    <DropdownMenu.Trigger asChild>
      <Button
        data-slot="action-menu-trigger"
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        className={cn('size-8', className)}
        {...props}
      >
        <StrokeIcon className="size-4">
          <circle cx="12" cy="5" r="1" />
          <circle cx="12" cy="12" r="1" />
          <circle cx="12" cy="19" r="1" />
        </StrokeIcon>
      </Button>
    </DropdownMenu.Trigger>
  );
}

/** The menu's popup, in a portal; aligned to the trigger's end by default. */
export function ActionMenuContent({
  className,
  align = 'end',
  sideOffset = 4,
  ...props
}: React.ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        data-slot="action-menu-content"
        align={align}
        sideOffset={sideOffset}
        className={cn(
          'z-50 min-w-48 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-md',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}
export type ActionMenuContentProps = React.ComponentProps<typeof ActionMenuContent>;

/** One action; `onSelect` runs it, `asChild` makes a link of it. */
export function ActionMenuItem({ className, ...props }: React.ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      data-slot="action-menu-item"
      className={cn(
        'relative flex cursor-pointer select-none items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none data-[disabled]:pointer-events-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
export type ActionMenuItemProps = React.ComponentProps<typeof ActionMenuItem>;
