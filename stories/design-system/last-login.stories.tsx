import { LastLogin } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { pick } from '../lib/locale';

const NOW = new Date(2026, 5, 15, 12, 0);
const daysAgo = (days: number) => new Date(2026, 5, 15 - days, 9, 30);

const CASES: { label: string; date: Date | null }[] = [
  { label: 'No login', date: null },
  { label: 'This morning', date: daysAgo(0) },
  { label: '1 day', date: daysAgo(1) },
  { label: '3 days', date: daysAgo(3) },
  { label: '7 days', date: daysAgo(7) },
  { label: '20 days', date: daysAgo(20) },
  { label: '45 days', date: daysAgo(45) },
  { label: '150 days', date: daysAgo(150) },
  { label: '400 days', date: daysAgo(400) },
  { label: '800 days', date: daysAgo(800) },
];

const meta = {
  title: 'Design system/LastLogin',
  tags: ['autodocs'],
  component: LastLogin,
  args: { date: daysAgo(3), now: NOW, locale: 'en-GB' },
} satisfies Meta<typeof LastLogin>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const time = within(canvasElement).getByText('3 days ago');
    await expect(time.tagName).toBe('TIME');
    await expect(time).toHaveAttribute('dateTime', daysAgo(3).toISOString());
    await expect(time).toHaveAttribute('title', '12 Jun 2026, 09:30');
  },
};

/** Every wording, measured from 15 June 2026, in the locale's own words (`Intl.RelativeTimeFormat`);
 * Swedish with the toolbar locale sv. */
export const Wordings: Story = {
  render: (args, { globals }) => {
    const texts = pick(globals, {
      en: { heading: 'Last login', never: 'never', locale: 'en-GB' },
      sv: { heading: 'Senast inloggad', never: 'aldrig', locale: 'sv-SE' },
    });
    return (
      <table className="text-sm">
        <caption className="pb-2 text-start font-semibold">{texts.heading}</caption>
        <tbody>
          {CASES.map(({ label, date }) => (
            <tr key={label}>
              <th scope="row" className="pe-6 text-start font-normal">
                {label}
              </th>
              <td>
                <LastLogin {...args} date={date} neverLabel={texts.never} locale={texts.locale} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  },
  play: async ({ canvasElement }) => {
    const cells = within(canvasElement).getAllByRole('cell');
    await expect(cells.map((cell) => cell.textContent)).toEqual([
      'never',
      'today',
      'yesterday',
      '3 days ago',
      '1 week ago',
      '2 weeks ago',
      '1 month ago',
      '5 months ago',
      '1 year ago',
      '2 years ago',
    ]);
    await expect(within(cells[0] as HTMLElement).queryByRole('time')).toBeNull();
  },
};

export const WordingsInSwedish: Story = {
  ...Wordings,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Senast inloggad')).toBeVisible();
    await expect(canvas.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'aldrig',
      'i dag',
      'i går',
      'för 3 dagar sedan',
      'för 1 vecka sedan',
      'för 2 veckor sedan',
      'för 1 månad sedan',
      'för 5 månader sedan',
      'för 1 år sedan',
      'för 2 år sedan',
    ]);
  },
};

export const Never: Story = {
  args: { date: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('never')).toBeVisible();
  },
};
