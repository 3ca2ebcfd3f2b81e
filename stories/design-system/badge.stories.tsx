import { Badge } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { pick } from '../lib/locale';

const TONES = ['neutral', 'primary', 'success', 'warning', 'danger', 'info'] as const;

const meta = {
  title: 'Design system/Badge',
  tags: ['autodocs'],
  component: Badge,
  args: { children: 'Active', tone: 'success' },
  argTypes: {
    tone: { control: 'select', options: TONES },
    count: { control: 'number' },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args, { globals }) => <Badge {...args}>{pick(globals, { en: 'Active', sv: 'Aktiv' })}</Badge>,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Active')).toHaveAttribute('data-slot', 'badge');
  },
};

export const Tones: Story = {
  render: (args, { globals }) => {
    const words = pick(globals, {
      en: {
        neutral: 'Unknown',
        primary: 'User',
        success: 'Active',
        warning: 'Paused',
        danger: 'Inactive',
        info: 'New',
      },
      sv: {
        neutral: 'Okänd',
        primary: 'Användare',
        success: 'Aktiv',
        warning: 'Pausad',
        danger: 'Inaktiv',
        info: 'Ny',
      },
    });
    return (
      <div className="flex flex-wrap gap-2">
        {TONES.map((tone) => (
          <Badge key={tone} {...args} tone={tone}>
            {words[tone]}
          </Badge>
        ))}
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const text of ['Unknown', 'User', 'Active', 'Paused', 'Inactive', 'New']) {
      await expect(canvas.getByText(text)).toBeVisible();
    }
    // Each tone has its own colours, so no two badges share a background.
    const backgrounds = new Set(
      [...canvasElement.querySelectorAll('[data-slot="badge"]')].map(
        (badge) => getComputedStyle(badge).backgroundColor,
      ),
    );
    await expect(backgrounds.size).toBe(TONES.length);
  },
};

export const Count: Story = {
  args: { tone: 'primary', count: 5 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('5')).toBeVisible();
  },
};

export const CountCap: Story = {
  args: { tone: 'danger' },
  render: (args) => (
    <div className="flex gap-2">
      {[5, 99, 100, 250].map((count) => (
        <Badge key={count} {...args} count={count} data-testid={`count-${count}`} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('count-5')).toHaveTextContent(/^5$/);
    await expect(canvas.getByTestId('count-99')).toHaveTextContent(/^99$/);
    await expect(canvas.getByTestId('count-100')).toHaveTextContent(/^99\+$/);
    await expect(canvas.getByTestId('count-250')).toHaveTextContent(/^99\+$/);
  },
};

export const CountReplacesChildren: Story = {
  args: { tone: 'info', count: 3, children: 'ignored' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('3')).toBeVisible();
    await expect(canvas.queryByText('ignored')).not.toBeInTheDocument();
  },
};
