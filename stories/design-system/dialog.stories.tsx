import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  TextField,
} from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type * as React from 'react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const texts = {
  en: {
    opener: 'Show reset links',
    title: 'Password reset links',
    description: 'Links that have not been used yet.',
    close: 'Close',
    save: 'Save',
    cancel: 'Cancel',
    keyTitle: 'Add a security key',
    keyDescription: 'Name the key so you can tell it from your others.',
    keyName: 'Name of the key',
    termsTitle: 'Terms of use',
    term: (n: number) => `Section ${n}: the service keeps what you give it only as long as it needs to.`,
  },
  sv: {
    opener: 'Visa återställningslänkar',
    title: 'Länkar för lösenordsåterställning',
    description: 'Länkar som inte har använts än.',
    close: 'Stäng',
    save: 'Spara',
    cancel: 'Avbryt',
    keyTitle: 'Lägg till en säkerhetsnyckel',
    keyDescription: 'Namnge nyckeln så att du kan skilja den från dina andra.',
    keyName: 'Nyckelns namn',
    termsTitle: 'Användarvillkor',
    term: (n: number) => `Avsnitt ${n}: tjänsten sparar det du lämnar bara så länge den behöver det.`,
  },
};

type Words = (typeof texts)['en'];

/** The Dialog's own props plus the story's spy for a saved form. */
type DialogStoryProps = React.ComponentProps<typeof Dialog> & { onSave: (name: string) => void };

const meta = {
  title: 'Design system/Dialog',
  tags: ['autodocs'],
  component: Dialog,
  args: { onOpenChange: fn(), onSave: fn() },
  render: ({ onSave: _onSave, ...args }, { globals }) => {
    const words = pick(globals, texts);
    return (
      <Dialog {...args}>
        <DialogTrigger asChild>
          <Button variant="outline">{words.opener}</Button>
        </DialogTrigger>
        <DialogContent closeLabel={words.close}>
          <DialogHeader>
            <DialogTitle>{words.title}</DialogTitle>
            <DialogDescription>{words.description}</DialogDescription>
          </DialogHeader>
          <ul className="grid gap-1 text-sm">
            <li>anna@example.com</li>
            <li>erik@example.com</li>
          </ul>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{words.close}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  },
} satisfies Meta<DialogStoryProps>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

/** Opened by its trigger; Escape, a click outside, the × and the Close button each close it, and
 * focus goes back to the trigger every time. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const page = body(canvasElement);
    const trigger = within(canvasElement).getByRole('button', { name: 'Show reset links' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');

    await userEvent.click(trigger);
    const dialog = await page.findByRole('dialog', { name: 'Password reset links' });
    await expect(dialog).toHaveAccessibleDescription('Links that have not been used yet.');
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    await expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    await page.findByRole('dialog');
    const overlay = canvasElement.ownerDocument.querySelector<HTMLElement>('[data-slot="dialog-overlay"]');
    await expect(overlay).toBeInTheDocument();
    if (overlay) await userEvent.click(overlay);
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    const buttons = within(await page.findByRole('dialog')).getAllByRole('button', { name: 'Close' });
    // The footer's Close and the × (last, so the footer's button comes first in the tab order).
    await expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1] as HTMLElement);
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.click(trigger);
    await userEvent.click(
      within(await page.findByRole('dialog')).getAllByRole('button', { name: 'Close' })[0] as HTMLElement,
    );
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A form a screen holds open itself (`open`/`onOpenChange`, no trigger), as screens do. */
function KeyNameDialog({ words, onSave }: { words: Words; onSave: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {words.keyTitle}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setName('');
        }}
      >
        <DialogContent showCloseButton={false}>
          <DialogHeader>
            <DialogTitle>{words.keyTitle}</DialogTitle>
            <DialogDescription>{words.keyDescription}</DialogDescription>
          </DialogHeader>
          <form
            id="key-name"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              onSave(name);
              setOpen(false);
              setName('');
            }}
          >
            <TextField label={words.keyName} value={name} onChange={(event) => setName(event.target.value)} />
          </form>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{words.cancel}</Button>
            </DialogClose>
            <Button type="submit" form="key-name">
              {words.save}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Without a trigger: focus starts in the field, Tab stays inside, and closing (Escape or
 * saving) gives focus back to the screen's own button. */
export const ControlledForm: Story = {
  render: ({ onSave }, { globals }) => <KeyNameDialog words={pick(globals, texts)} onSave={onSave} />,
  play: async ({ args, canvasElement }) => {
    const page = body(canvasElement);
    const opener = within(canvasElement).getByRole('button', { name: 'Add a security key' });
    await userEvent.click(opener);
    const dialog = await page.findByRole('dialog', { name: 'Add a security key' });
    const field = within(dialog).getByRole('textbox', { name: 'Name of the key' });
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.tab();
    await expect(field).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await userEvent.click(opener);
    await userEvent.type(
      within(await page.findByRole('dialog')).getByRole('textbox', { name: 'Name of the key' }),
      'YubiKey{Enter}',
    );
    await expect(args.onSave).toHaveBeenCalledOnce();
    await expect(args.onSave).toHaveBeenCalledWith('YubiKey');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  },
};

function TermsDialog({ words }: { words: Words }) {
  return (
    <Dialog defaultOpen>
      <DialogContent closeLabel={words.close}>
        <DialogHeader>
          <DialogTitle>{words.termsTitle}</DialogTitle>
        </DialogHeader>
        <DialogDescription asChild>
          <div className="grid gap-3">
            {Array.from({ length: 30 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders
              <p key={index}>{words.term(index + 1)}</p>
            ))}
          </div>
        </DialogDescription>
      </DialogContent>
    </Dialog>
  );
}

/** Taller than the screen: the card keeps a margin and its content scrolls inside it. */
export const LongContent: Story = {
  render: (_args, { globals }) => <TermsDialog words={pick(globals, texts)} />,
  play: async ({ canvasElement }) => {
    const view = canvasElement.ownerDocument.defaultView as Window;
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Terms of use' });
    const box = dialog.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThanOrEqual(view.innerHeight);
    await expect(dialog.scrollHeight).toBeGreaterThan(dialog.clientHeight);
    const last = within(dialog).getByText(/^Section 30:/);
    last.scrollIntoView();
    await waitFor(() => expect(dialog.scrollTop).toBeGreaterThan(0));
  },
};

/** On a 360 px phone the card fits with a margin each side and nothing scrolls sideways. */
export const Phone: Story = {
  parameters: {
    viewport: {
      options: { phone360: { name: 'Phone 360 px', styles: { width: '360px', height: '740px' }, type: 'mobile' } },
    },
  },
  globals: { viewport: { value: 'phone360', isRotated: false } },
  render: (_args, { globals }) => <TermsDialog words={pick(globals, texts)} />,
  play: async ({ canvasElement }) => {
    const doc = canvasElement.ownerDocument;
    await expect(doc.defaultView?.innerWidth).toBe(360);
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Terms of use' });
    const box = dialog.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(16);
    await expect(box.right).toBeLessThanOrEqual(360 - 16);
    await expect(doc.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  },
};
