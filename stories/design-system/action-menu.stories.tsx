import {
  ActionMenu,
  ActionMenuButton,
  ActionMenuContent,
  ActionMenuItem,
  ActionMenuTrigger,
  Button,
} from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

const meta = {
  title: 'Design system/ActionMenu',
  tags: ['autodocs'],
  component: ActionMenu,
  args: { onOpenChange: fn() },
  render: (args) => (
    <div className="flex h-48 justify-end">
      <ActionMenu {...args}>
        <ActionMenuButton label="Actions for anna@acme.test" />
        <ActionMenuContent>
          <ActionMenuItem onSelect={fn().mockName('send reset')}>Send password reset email</ActionMenuItem>
          <ActionMenuItem asChild>
            <a href="#tokens">Tokens</a>
          </ActionMenuItem>
          <ActionMenuItem disabled>Delete account</ActionMenuItem>
        </ActionMenuContent>
      </ActionMenu>
    </div>
  ),
} satisfies Meta<typeof ActionMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** A row's actions behind one named button: arrow keys move, Escape closes and gives focus back. */
export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions for anna@acme.test' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await body(canvasElement).findByRole('menu');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Send password reset email',
      'Tokens',
      'Delete account',
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
    // The disabled action is skipped; the list wraps only when asked to, so focus stays.
    await userEvent.keyboard('{ArrowDown}');
    await expect(items[1]).toHaveFocus();
    await expect(items[2]).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** Picking an action runs it and closes the menu. */
export const PickCloses: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions for anna@acme.test' }));
    const menu = await body(canvasElement).findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Send password reset email' }));
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** Any button can open it (`ActionMenuTrigger asChild`). */
export const OwnTrigger: Story = {
  render: (args) => (
    <div className="h-48">
      <ActionMenu {...args}>
        <ActionMenuTrigger asChild>
          <Button variant="outline">More</Button>
        </ActionMenuTrigger>
        <ActionMenuContent align="start">
          <ActionMenuItem>First</ActionMenuItem>
        </ActionMenuContent>
      </ActionMenu>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More' }));
    await expect(await body(canvasElement).findByRole('menuitem', { name: 'First' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body(canvasElement).queryByRole('menu')).toBeNull());
  },
};
