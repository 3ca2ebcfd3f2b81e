import {
  Badge,
  Button,
  CopyButton,
  DescriptionAction,
  DescriptionDetails,
  DescriptionItem,
  DescriptionList,
  DescriptionTerm,
} from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const texts = {
  en: {
    name: 'Name',
    slug: 'Slug',
    status: 'Status',
    active: 'Active',
    contact: 'Contact',
    created: 'Created',
    edit: 'Edit',
    copy: 'Copy slug',
    copied: 'Copied',
  },
  sv: {
    name: 'Namn',
    slug: 'Slug',
    status: 'Status',
    active: 'Aktiv',
    contact: 'Kontakt',
    created: 'Skapad',
    edit: 'Ändra',
    copy: 'Kopiera slug',
    copied: 'Kopierad',
  },
};

const meta = {
  title: 'Design system/DescriptionList',
  tags: ['autodocs'],
  component: DescriptionList,
  args: { columns: 1 },
  argTypes: { columns: { control: 'inline-radio', options: [1, 2] } },
  render: (args, { globals }) => {
    const words = pick(globals, texts);
    return (
      <DescriptionList {...args}>
        <DescriptionItem>
          <DescriptionTerm>{words.name}</DescriptionTerm>
          <DescriptionDetails>
            Acme Rekrytering
            <DescriptionAction>
              <Button variant="ghost" size="sm">
                {words.edit}
                <span className="sr-only"> {words.name}</span>
              </Button>
            </DescriptionAction>
          </DescriptionDetails>
        </DescriptionItem>
        <DescriptionItem>
          <DescriptionTerm>{words.slug}</DescriptionTerm>
          <DescriptionDetails>
            <span className="font-mono">acmerekrytering</span>
            <DescriptionAction>
              <CopyButton value="acmerekrytering" size="sm" label={words.copy} copiedLabel={words.copied} />
            </DescriptionAction>
          </DescriptionDetails>
        </DescriptionItem>
        <DescriptionItem>
          <DescriptionTerm>{words.status}</DescriptionTerm>
          <DescriptionDetails>
            <Badge tone="success">{words.active}</Badge>
          </DescriptionDetails>
        </DescriptionItem>
        <DescriptionItem>
          <DescriptionTerm>{words.contact}</DescriptionTerm>
          <DescriptionDetails>rekryteringsansvarig.med.ett.langt.namn@acme-rekrytering.example.com</DescriptionDetails>
        </DescriptionItem>
        <DescriptionItem>
          <DescriptionTerm>{words.created}</DescriptionTerm>
          <DescriptionDetails>2025-01-14 09:30 UTC</DescriptionDetails>
        </DescriptionItem>
      </DescriptionList>
    );
  },
} satisfies Meta<typeof DescriptionList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every box of a row stays inside the list: nothing runs sideways or into the next row. */
async function expectRowsInside(canvasElement: HTMLElement) {
  const list = canvasElement.querySelector('[data-slot=description-list]') as HTMLElement;
  const outer = list.getBoundingClientRect();
  for (const part of list.querySelectorAll('dt, dd, [data-slot=description-action]')) {
    const box = part.getBoundingClientRect();
    await expect(box.left, part.textContent ?? '').toBeGreaterThanOrEqual(outer.left - 0.5);
    await expect(box.right, part.textContent ?? '').toBeLessThanOrEqual(outer.right + 0.5);
  }
  await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
}

export const Default: Story = {
  decorators: [(Story) => <div className="w-[36rem] max-w-full">{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // A real description list: terms paired with their descriptions.
    const terms = canvas.getAllByRole('term');
    const details = canvas.getAllByRole('definition');
    await expect(terms.map((term) => term.textContent)).toEqual(['Name', 'Slug', 'Status', 'Contact', 'Created']);
    await expect(details).toHaveLength(5);
    await expect(canvas.getByText('Slug', { selector: 'dt' }).nextElementSibling).toHaveTextContent('acmerekrytering');
    // Wide enough: term and description side by side on one line.
    const [term, value] = [terms[0], details[0]].map((element) => element?.getBoundingClientRect());
    const middle = (term?.top ?? 0) + (term?.height ?? 0) / 2;
    await expect(middle).toBeGreaterThan(value?.top ?? Number.POSITIVE_INFINITY);
    await expect(middle).toBeLessThan(value?.bottom ?? 0);
    await expect(value?.left).toBeGreaterThan(term?.right ?? Number.POSITIVE_INFINITY);
    await expect(canvas.getByRole('button', { name: 'Edit Name' })).toBeVisible();
    await expectRowsInside(canvasElement);
  },
};

/** At 360 px (a phone) the term goes above its description, and long addresses wrap. */
export const Narrow: Story = {
  decorators: [(Story) => <div style={{ width: 296 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const term = canvas.getByText('Contact', { selector: 'dt' });
    const value = term.nextElementSibling as HTMLElement;
    await expect(value.getBoundingClientRect().top).toBeGreaterThanOrEqual(term.getBoundingClientRect().bottom - 0.5);
    await expectRowsInside(canvasElement);
  },
};

export const TwoColumns: Story = {
  args: { columns: 2 },
  decorators: [(Story) => <div className="w-[48rem] max-w-full">{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByText('Name', { selector: 'dt' }).getBoundingClientRect();
    const slug = canvas.getByText('Slug', { selector: 'dt' }).getBoundingClientRect();
    // The second row sits beside the first.
    await expect(slug.top).toBeLessThan(name.bottom);
    await expect(slug.left).toBeGreaterThan(name.right);
    await expectRowsInside(canvasElement);
  },
};

/** Two columns asked for, but the list is too narrow for them: one column. */
export const TwoColumnsInANarrowBox: Story = {
  args: { columns: 2 },
  decorators: [(Story) => <div style={{ width: 459 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByText('Name', { selector: 'dt' }).getBoundingClientRect();
    const slug = canvas.getByText('Slug', { selector: 'dt' }).getBoundingClientRect();
    await expect(slug.top).toBeGreaterThan(name.bottom);
    await expectRowsInside(canvasElement);
  },
};

export const Swedish: Story = {
  ...Default,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Ändra Namn' })).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Ändra Namn' })).toHaveFocus();
  },
};
