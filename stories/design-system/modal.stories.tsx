import { Button, Modal, type ModalProps, useModal } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

/** An opener button plus a Modal held in local state, as a screen would use it. */
function ModalWithOpener({ opener, onConfirm, onCancel, ...props }: ModalProps & { opener: string }) {
  const [visible, setVisible] = useState(props.visible);
  return (
    <>
      <Button variant="outline" onClick={() => setVisible(true)}>
        {opener}
      </Button>
      <Modal
        {...props}
        visible={visible}
        onConfirm={
          onConfirm &&
          (() => {
            onConfirm();
            setVisible(false);
          })
        }
        onCancel={() => {
          onCancel();
          setVisible(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Design system/Modal',
  tags: ['autodocs'],
  component: Modal,
  args: {
    visible: false,
    title: 'Pause SMS',
    content: 'No text messages are sent for this tenant until you unpause.',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

export const Default: Story = {
  render: (args, { globals }) => (
    <ModalWithOpener
      {...args}
      {...pick(globals, {
        en: {
          opener: 'Pause SMS',
          title: 'Pause SMS',
          content: 'No text messages are sent for this tenant until you unpause.',
          confirmLabel: 'Confirm',
          cancelLabel: 'Cancel',
        },
        sv: {
          opener: 'Pausa sms',
          title: 'Pausa sms',
          content: 'Inga sms skickas för den här kunden förrän du återupptar utskicken.',
          confirmLabel: 'Bekräfta',
          cancelLabel: 'Avbryt',
        },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const page = body(canvasElement);
    const opener = within(canvasElement).getByRole('button', { name: 'Pause SMS' });

    await userEvent.click(opener);
    const dialog = await page.findByRole('dialog', { name: 'Pause SMS' });
    await expect(dialog).toHaveAccessibleDescription('No text messages are sent for this tenant until you unpause.');
    await expect(dialog).not.toHaveAttribute('data-warning');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    await userEvent.click(within(await page.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    await page.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    await page.findByRole('dialog');
    const overlay = canvasElement.ownerDocument.querySelector<HTMLElement>('[data-slot="modal-overlay"]');
    await expect(overlay).toBeInTheDocument();
    if (overlay) await userEvent.click(overlay);
    await expect(args.onCancel).toHaveBeenCalledTimes(3);
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

export const FocusStaysInside: Story = {
  args: { visible: true },
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Pause SMS' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab();
    await expect(confirm).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();
  },
};

export const Warning: Story = {
  args: {
    visible: true,
    warning: true,
    title: 'Delete credential',
    content: 'The user can no longer sign in with Google.',
    confirmLabel: 'Delete',
  },
  render: (args, { globals }) => (
    <Modal
      {...args}
      {...pick(globals, {
        en: {
          title: 'Delete credential',
          content: 'The user can no longer sign in with Google.',
          confirmLabel: 'Delete',
          cancelLabel: 'Cancel',
        },
        sv: {
          title: 'Ta bort inloggningsmetod',
          content: 'Användaren kan inte längre logga in med Google.',
          confirmLabel: 'Ta bort',
          cancelLabel: 'Avbryt',
        },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Delete credential' });
    await expect(dialog).toHaveAttribute('data-warning', 'true');
    await expect(dialog.querySelector('[data-slot="modal-warning-icon"]')).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    // The destructive confirm looks different from a normal one.
    await expect(getComputedStyle(confirm).backgroundColor).not.toBe(getComputedStyle(cancel).backgroundColor);
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

export const ConfirmLoading: Story = {
  args: { visible: true, confirmLoading: true },
  play: async ({ args, canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Pause SMS' });
    const confirm = within(dialog).getByRole('button', { name: /Confirm/ });
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(confirm);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const CancelOnly: Story = {
  args: {
    visible: true,
    title: 'Password reset links',
    content: 'Links that have not been used yet.',
    cancelLabel: 'Close',
    onConfirm: undefined,
  },
  render: (args) => (
    <Modal {...args}>
      <ul className="grid gap-1 text-sm">
        <li>anna@example.com</li>
        <li>erik@example.com</li>
      </ul>
    </Modal>
  ),
  play: async ({ args, canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Password reset links' });
    await expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

/** A screen keeps the spec's model with `useModal` and spreads it into the Modal. */
function ModalFromModel({ onConfirm }: { onConfirm: () => void }) {
  const { modal, show, hide } = useModal();
  return (
    <>
      <Button
        variant="destructive"
        onClick={() =>
          show({ title: 'Disable SMS', content: 'The tenant stops sending text messages.', warning: true })
        }
      >
        Disable SMS
      </Button>
      <Modal
        {...modal}
        confirmLabel="Disable"
        onCancel={hide}
        onConfirm={() => {
          onConfirm();
          hide();
        }}
      />
    </>
  );
}

export const WithUseModal: Story = {
  render: (args) => <ModalFromModel onConfirm={args.onConfirm ?? (() => {})} />,
  play: async ({ args, canvasElement }) => {
    const page = body(canvasElement);
    const opener = within(canvasElement).getByRole('button', { name: 'Disable SMS' });
    await userEvent.click(opener);
    const dialog = await page.findByRole('dialog', { name: 'Disable SMS' });
    await expect(dialog).toHaveAttribute('data-warning', 'true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await expect(args.onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};
