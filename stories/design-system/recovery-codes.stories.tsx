import { RecoveryCodes } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, spyOn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const CODES = [
  '7gk2m-x9qpd',
  'h4n8r-2vw6c',
  'b3tz5-kq7me',
  'p9d2x-6fjr4',
  'w5c8h-n3g7t',
  'e6m4q-z8k2b',
  'r2v9f-5x3dn',
  'k7b3w-q4h8s',
  'c5n6t-j9p2z',
  'x8f4d-m6r3g',
];

const texts = {
  en: {
    listLabel: 'Recovery codes',
    heading: 'Helios recovery codes',
    copyLabel: 'Copy all',
    copiedLabel: 'Copied',
    downloadLabel: 'Download (.txt)',
    printLabel: 'Print',
    confirmLabel: 'I have saved these codes',
    continueLabel: 'Continue',
  },
  sv: {
    listLabel: 'Återställningskoder',
    heading: 'Återställningskoder för Helios',
    copyLabel: 'Kopiera alla',
    copiedLabel: 'Kopierade',
    downloadLabel: 'Ladda ner (.txt)',
    printLabel: 'Skriv ut',
    confirmLabel: 'Jag har sparat koderna',
    continueLabel: 'Fortsätt',
  },
};

const meta = {
  title: 'Design system/RecoveryCodes',
  tags: ['autodocs'],
  component: RecoveryCodes,
  args: {
    codes: CODES,
    fileName: 'helios-recovery-codes.txt',
    onContinue: fn(),
    onConfirmedChange: fn(),
    onCopied: fn(),
    onDownload: fn(),
    onPrint: fn(),
  },
  render: (args, { globals }) => <RecoveryCodes {...args} {...pick(globals, texts)} className="max-w-md" />,
} satisfies Meta<typeof RecoveryCodes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The text every way of keeping the codes gives: the heading, then one code a line. */
const expectedText = `Helios recovery codes\n\n${CODES.join('\n')}\n`;

/** Continue waits for the confirmation, which the keyboard can tick. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Recovery codes' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await expect(within(list).getByText('7gk2m-x9qpd')).toBeVisible();
    const next = canvas.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    const confirm = canvas.getByRole('checkbox', { name: 'I have saved these codes' });
    confirm.focus();
    await userEvent.keyboard(' ');
    await expect(confirm).toBeChecked();
    await expect(args.onConfirmedChange).toHaveBeenCalledWith(true);
    await expect(next).toBeEnabled();
    await userEvent.click(next);
    await expect(args.onContinue).toHaveBeenCalledOnce();
  },
};

export const CopyAll: Story = {
  play: async ({ args, canvasElement }) => {
    const writeText = fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      const canvas = within(canvasElement);
      await userEvent.click(canvas.getByRole('button', { name: 'Copy all' }));
      await expect(writeText).toHaveBeenCalledWith(expectedText);
      await expect(args.onCopied).toHaveBeenCalledWith(expectedText);
      await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  },
};

/** A .txt file with the codes, under the given name. */
export const Download: Story = {
  play: async ({ args, canvasElement }) => {
    const blobs: Blob[] = [];
    const createUrl = spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:recovery-codes';
    });
    const names: string[] = [];
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Download (.txt)' }));
      await expect(names).toEqual(['helios-recovery-codes.txt']);
      await expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
      await expect(await blobs[0]?.text()).toBe(expectedText);
      await expect(args.onDownload).toHaveBeenCalledWith(expectedText);
    } finally {
      createUrl.mockRestore();
      click.mockRestore();
    }
  },
};

/** Only the codes go to the printer, from a frame that is gone once printing is done. */
export const Print: Story = {
  play: async ({ args, canvasElement }) => {
    const written: string[] = [];
    let afterPrint: (() => void) | undefined;
    const printed = fn();
    const frameWindow = {
      document: { open: fn(), write: (html: string) => written.push(html), close: fn() },
      addEventListener: (_: string, listener: () => void) => {
        afterPrint = listener;
      },
      focus: fn(),
      print: printed,
    };
    const contentWindow = spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockReturnValue(
      frameWindow as unknown as Window,
    );
    try {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Print' }));
      await expect(printed).toHaveBeenCalledOnce();
      await expect(args.onPrint).toHaveBeenCalledWith(expectedText);
      for (const code of CODES) await expect(written.join('')).toContain(code);
      await expect(written.join('')).toContain('<title>Helios recovery codes</title>');
      afterPrint?.();
      await expect(canvasElement.ownerDocument.querySelector('iframe[aria-hidden="true"]')).toBeNull();
    } finally {
      contentWindow.mockRestore();
    }
  },
};

/** Already confirmed (controlled): Continue is ready. */
export const Confirmed: Story = {
  args: { confirmed: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};
