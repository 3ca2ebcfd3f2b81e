import { QrCodeImage } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const SECRET = 'JBSWY3DPEHPK3PXPKRUGS4ZA';

/** A QR-like picture (finder squares and a fixed module pattern) for the story; it is not meant to be scanned. */
function sampleQrDataUrl(): string {
  const size = 25;
  const modules: string[] = [];
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="7" height="7"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const inFinder = (x < 8 && y < 8) || (x > size - 9 && y < 8) || (x < 8 && y > size - 9);
      if (!inFinder && (x * 7 + y * 13 + x * y) % 5 < 2) modules.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${size + 4} ${size + 4}" shape-rendering="crispEdges"><rect x="-2" y="-2" width="${size + 4}" height="${size + 4}" fill="#fff"/>${finder(0, 0)}${finder(size - 7, 0)}${finder(0, size - 7)}${modules.join('')}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Replaces navigator.clipboard for the length of `run`, then restores the browser's own. */
async function withClipboard(clipboard: Partial<Clipboard>, run: () => Promise<void>): Promise<void> {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  try {
    await run();
  } finally {
    Reflect.deleteProperty(navigator, 'clipboard');
  }
}

const meta = {
  title: 'Design system/QrCodeImage',
  tags: ['autodocs'],
  component: QrCodeImage,
  args: { src: sampleQrDataUrl(), secret: SECRET },
} satisfies Meta<typeof QrCodeImage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => (
    <QrCodeImage
      {...args}
      {...pick(globals, {
        en: {},
        sv: {
          alt: 'QR-kod för din autentiseringsapp',
          secretLabel: 'Eller ange den här nyckeln manuellt',
          copyLabel: 'Kopiera nyckel',
          copiedLabel: 'Kopierad',
        },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expect(canvas.getByText('Or enter this key manually')).toBeVisible();
    const key = canvasElement.querySelector('code');
    await expect(key).toHaveTextContent('JBSW Y3DP EHPK 3PXP KRUG S4ZA');
    await expect(key?.textContent).toBe('JBSW Y3DP EHPK 3PXP KRUG S4ZA');

    const writeText = fn().mockResolvedValue(undefined);
    await withClipboard({ writeText }, async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Copy key' }));
      // The key is copied as the authenticator app expects it: without the spaces.
      await expect(writeText).toHaveBeenCalledOnce();
      await expect(writeText).toHaveBeenCalledWith(SECRET);
      await expect(canvas.getByRole('button', { name: 'Copied' })).toBeVisible();
      await expect(canvas.getByRole('status')).toHaveTextContent('Copied');
    });
  },
};

export const SpacedSecret: Story = {
  args: { secret: 'abcd efgh ijkl mn' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('code')?.textContent).toBe('abcd efgh ijkl mn');
    const writeText = fn().mockResolvedValue(undefined);
    await withClipboard({ writeText }, async () => {
      await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy key' }));
      await expect(writeText).toHaveBeenCalledWith('abcdefghijklmn');
    });
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
    await expect(canvas.getByText('Loading QR code').closest('[role="status"]')).not.toBeNull();
    // The secret stays available while the image loads.
    await expect(canvas.getByRole('button', { name: 'Copy key' })).toBeEnabled();
  },
};

export const Swedish: Story = {
  args: {
    alt: 'QR-kod för din autentiseringsapp',
    secretLabel: 'Eller ange den här nyckeln manuellt',
    copyLabel: 'Kopiera nyckel',
    copiedLabel: 'Kopierad',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'QR-kod för din autentiseringsapp' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Kopiera nyckel' })).toBeVisible();
  },
};
