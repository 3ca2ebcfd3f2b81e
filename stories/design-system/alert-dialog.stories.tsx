import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  ConfirmDialog,
  useModal,
} from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const texts = {
  en: {
    pause: 'Pause SMS',
    pauseTitle: 'Pause SMS?',
    pauseText: 'No text messages are sent for this tenant until you unpause.',
    confirm: 'Confirm',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteOpener: 'Delete credential',
    deleteTitle: 'Delete credential?',
    deleteText: 'The user can no longer sign in with Google.',
    disable: 'Disable SMS',
    disableTitle: 'Disable SMS?',
    disableText: 'The tenant stops sending text messages.',
    disableButton: 'Disable',
    working: 'Working',
  },
  sv: {
    pause: 'Pausa sms',
    pauseTitle: 'Pausa sms?',
    pauseText: 'Inga sms skickas för den här kunden förrän du återupptar utskicken.',
    confirm: 'Bekräfta',
    cancel: 'Avbryt',
    delete: 'Ta bort',
    deleteOpener: 'Ta bort inloggningsmetod',
    deleteTitle: 'Ta bort inloggningsmetod?',
    deleteText: 'Användaren kan inte längre logga in med Google.',
    disable: 'Stäng av sms',
    disableTitle: 'Stäng av sms?',
    disableText: 'Kunden slutar skicka sms.',
    disableButton: 'Stäng av',
    working: 'Arbetar',
  },
};

/** The AlertDialog's own props plus the story's spies for the answers. */
type AlertDialogStoryProps = React.ComponentProps<typeof AlertDialog> & { onAction: () => void; onCancel: () => void };

const meta = {
  title: 'Design system/AlertDialog',
  tags: ['autodocs'],
  component: AlertDialog,
  args: { onOpenChange: fn(), onAction: fn(), onCancel: fn() },
  render: ({ onAction, onCancel: _onCancel, ...args }, { globals }) => {
    const words = pick(globals, texts);
    return (
      <AlertDialog {...args}>
        <AlertDialogTrigger asChild>
          <Button variant="outline">{words.pause}</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{words.pauseTitle}</AlertDialogTitle>
            <AlertDialogDescription>{words.pauseText}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{words.cancel}</AlertDialogCancel>
            <AlertDialogAction onClick={onAction}>{words.confirm}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  },
} satisfies Meta<AlertDialogStoryProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opened by its trigger, focus on Cancel. A click outside neither confirms nor cancels; Escape
 * and Cancel close without the action, the action closes with it; focus goes back each time. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const page = body(canvasElement);
    const trigger = within(canvasElement).getByRole('button', { name: 'Pause SMS' });

    await userEvent.click(trigger);
    const dialog = await page.findByRole('alertdialog', { name: 'Pause SMS?' });
    await expect(dialog).toHaveAccessibleDescription('No text messages are sent for this tenant until you unpause.');
    await expect(dialog).toHaveAttribute('data-variant', 'default');
    await expect(dialog.querySelector('[data-slot="alert-dialog-warning-icon"]')).toBeNull();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await userEvent.tab();
    await expect(cancel).toHaveFocus();

    const overlay = canvasElement.ownerDocument.querySelector<HTMLElement>('[data-slot="alert-dialog-overlay"]');
    await expect(overlay).toBeInTheDocument();
    if (overlay) await userEvent.click(overlay);
    await expect(page.getByRole('alertdialog', { name: 'Pause SMS?' })).toBeVisible();
    await expect(args.onOpenChange).toHaveBeenCalledTimes(1);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onAction).not.toHaveBeenCalled();

    await userEvent.click(trigger);
    await userEvent.click(within(await page.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    await expect(args.onAction).toHaveBeenCalledOnce();
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
  },
};

/** `variant="destructive"`: a warning icon beside the title and a destructive action button. */
export const Destructive: Story = {
  args: { defaultOpen: true },
  render: ({ onAction, onCancel: _onCancel, ...args }, { globals }) => {
    const words = pick(globals, texts);
    return (
      <AlertDialog {...args}>
        <AlertDialogContent variant="destructive">
          <AlertDialogHeader>
            <AlertDialogTitle>{words.deleteTitle}</AlertDialogTitle>
            <AlertDialogDescription>{words.deleteText}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{words.cancel}</AlertDialogCancel>
            <AlertDialogAction onClick={onAction}>{words.delete}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    );
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Delete credential?' });
    await expect(dialog).toHaveAttribute('data-variant', 'destructive');
    await expect(dialog.querySelector('[data-slot="alert-dialog-warning-icon"]')).toBeVisible();
    const action = within(dialog).getByRole('button', { name: 'Delete' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    // The destructive action looks different from a normal one and from Cancel.
    await expect(getComputedStyle(action).backgroundColor).not.toBe(getComputedStyle(cancel).backgroundColor);
    await userEvent.click(action);
    await expect(args.onAction).toHaveBeenCalledOnce();
  },
};

/** Ends the running slow action; the play function decides when, so the test never races a timer. */
let finishSlowAction: (() => void) | undefined;

/** An action that takes a while: the dialog stays open and the action busy until it is done. */
function SlowDelete({ words, onAction }: { words: (typeof texts)['en']; onAction: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="outline">{words.deleteOpener}</Button>
      </AlertDialogTrigger>
      <AlertDialogContent variant="destructive">
        <AlertDialogHeader>
          <AlertDialogTitle>{words.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>{words.deleteText}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{words.cancel}</AlertDialogCancel>
          <AlertDialogAction
            loading={busy}
            loadingLabel={words.working}
            onClick={(event) => {
              event.preventDefault();
              onAction();
              setBusy(true);
              void new Promise<void>((resolve) => {
                finishSlowAction = resolve;
              }).then(() => {
                setBusy(false);
                setOpen(false);
              });
            }}
          >
            {words.delete}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export const LoadingAction: Story = {
  render: ({ onAction }, { globals }) => <SlowDelete words={pick(globals, texts)} onAction={onAction} />,
  play: async ({ args, canvasElement }) => {
    const page = body(canvasElement);
    const trigger = within(canvasElement).getByRole('button', { name: 'Delete credential' });
    await userEvent.click(trigger);
    const dialog = await page.findByRole('alertdialog', { name: 'Delete credential?' });
    const action = within(dialog).getByRole('button', { name: /Delete/ });
    await userEvent.click(action);
    await expect(action).toHaveAttribute('aria-busy', 'true');
    await expect(within(action).getByText('Working')).toBeInTheDocument();
    // A second click and Escape wait for the running action.
    await userEvent.click(action);
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeVisible();
    await expect(args.onAction).toHaveBeenCalledOnce();
    finishSlowAction?.();
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A screen keeps the spec's modal model with `useModal` and spreads it into a `ConfirmDialog`
 * opened by its own button (no trigger); focus still returns to that button. */
function ConfirmFromModel({ words, onAction }: { words: (typeof texts)['en']; onAction: () => void }) {
  const { modal, show, hide } = useModal();
  return (
    <>
      <Button
        variant="destructive"
        onClick={() => show({ title: words.disableTitle, content: words.disableText, warning: true })}
      >
        {words.disable}
      </Button>
      <ConfirmDialog
        {...modal}
        confirmLabel={words.disableButton}
        cancelLabel={words.cancel}
        onCancel={hide}
        onConfirm={() => {
          onAction();
          hide();
        }}
      />
    </>
  );
}

export const ConfirmFromModalState: Story = {
  render: ({ onAction }, { globals }) => <ConfirmFromModel words={pick(globals, texts)} onAction={onAction} />,
  play: async ({ args, canvasElement }) => {
    const page = body(canvasElement);
    const opener = within(canvasElement).getByRole('button', { name: 'Disable SMS' });
    await userEvent.click(opener);
    let dialog = await page.findByRole('alertdialog', { name: 'Disable SMS?' });
    await expect(dialog).toHaveAccessibleDescription('The tenant stops sending text messages.');
    await expect(dialog).toHaveAttribute('data-variant', 'destructive');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    dialog = await page.findByRole('alertdialog', { name: 'Disable SMS?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await expect(args.onAction).toHaveBeenCalledOnce();
    await waitFor(() => expect(page.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

/** `ConfirmDialog` while the confirmed action runs: busy, and neither Cancel, Escape nor a second
 * click gets through until the screen closes it. */
export const ConfirmDialogBusy: Story = {
  render: ({ onAction, onCancel }, { globals }) => {
    const words = pick(globals, texts);
    return (
      <ConfirmDialog
        visible
        warning
        loading
        loadingLabel={words.working}
        title={words.deleteTitle}
        content={words.deleteText}
        confirmLabel={words.delete}
        cancelLabel={words.cancel}
        onCancel={onCancel}
        onConfirm={onAction}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Delete credential?' });
    const action = within(dialog).getByRole('button', { name: /Delete/ });
    await expect(action).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(action);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    await expect(dialog).toBeVisible();
    await expect(args.onAction).not.toHaveBeenCalled();
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};
