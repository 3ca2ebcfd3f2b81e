import { SearchBox } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

type Tenant = { id: string; name: string; slug: string };

const TENANTS: Tenant[] = [
  { id: 't1', name: 'Acme AB', slug: 'acmeab' },
  { id: 't2', name: 'Acme Logistics', slug: 'acmelogistics' },
  { id: 't3', name: 'Örebro Kommun', slug: 'rebrokommun' },
];

// An instantiation expression gives Storybook a non-generic component to infer the args from.
const TenantSearchBox = SearchBox<Tenant>;

const renderTenant = (tenant: Tenant) => (
  <span className="flex flex-col">
    <span className="font-medium">{tenant.name}</span>
    <span>{tenant.slug}</span>
  </span>
);

const meta = {
  title: 'Design system/SearchBox',
  tags: ['autodocs'],
  component: TenantSearchBox,
  args: {
    label: 'Search tenants',
    placeholder: 'Name or slug',
    results: TENANTS,
    getKey: (tenant) => tenant.id,
    getItemLabel: (tenant) => tenant.name,
    renderItem: renderTenant,
    onPick: fn(),
    onSearch: fn(),
    onValueChange: fn(),
    onClear: fn(),
  },
  decorators: [
    (Story) => (
      <div className="h-80 w-96">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TenantSearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

const swedish = {
  label: 'Sök kunder',
  placeholder: 'Namn eller slug',
  emptyText: 'Inga träffar',
  clearLabel: 'Rensa sökningen',
  loadingLabel: 'Söker',
};

/** A working search: typing filters the tenants (searchOnType), as the tenant page does against the API. */
export const Default: Story = {
  args: { searchOnType: true, searchDelay: 150 },
  render: function Render(args, { globals }) {
    const [results, setResults] = useState<Tenant[]>([]);
    return (
      <TenantSearchBox
        {...args}
        {...pick<Partial<typeof swedish>>(globals, { en: {}, sv: swedish })}
        results={results}
        onSearch={(term) => {
          args.onSearch?.(term);
          const needle = term.toLowerCase();
          setResults(TENANTS.filter((t) => t.name.toLowerCase().includes(needle) || t.slug.includes(needle)));
        }}
        onClear={() => {
          args.onClear?.();
          setResults([]);
        }}
      />
    );
  },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox');
    await userEvent.type(input, 'acme');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('acme');
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('acme'));
    await waitFor(() => expect(within(canvasElement).getAllByRole('option')).toHaveLength(2));
    await expect(input).toHaveAttribute('aria-expanded', 'true');
  },
};

export const ArrowKeysMoveTheActiveOption: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Search tenants' });
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveAttribute('aria-autocomplete', 'list');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const listbox = canvas.getByRole('listbox', { name: 'Search tenants' });
    await expect(input).toHaveAttribute('aria-controls', listbox.id);
    const options = canvas.getAllByRole('option');
    const [first, second, third] = options;
    await expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', second?.id);
    await expect(first).toHaveAttribute('aria-selected', 'false');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', third?.id);
    // Past the last option the list wraps to the first, and back.
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-activedescendant', first?.id);
    await userEvent.keyboard('{ArrowUp}');
    await expect(input).toHaveAttribute('aria-activedescendant', third?.id);
    await userEvent.keyboard('{ArrowUp}');
    await expect(input).toHaveAttribute('aria-activedescendant', second?.id);
    await expect(input).toHaveFocus();
  },
};

export const EnterPicksTheActiveOption: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox');
    await userEvent.click(input);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onPick).toHaveBeenCalledOnce();
    await expect(args.onPick).toHaveBeenCalledWith(TENANTS[1]);
    await expect(args.onSearch).not.toHaveBeenCalled();
    await expect(input).toHaveValue('Acme Logistics');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).not.toHaveAttribute('aria-activedescendant');
  },
};

export const EnterWithoutActiveOptionSearches: Story = {
  args: { results: [] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await userEvent.type(input, 'örebro{Enter}');
    await expect(args.onSearch).toHaveBeenCalledOnce();
    await expect(args.onSearch).toHaveBeenCalledWith('örebro');
    await expect(args.onPick).not.toHaveBeenCalled();
    // The page shows what a search found; the list stays shut until asked for with an arrow key.
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('No results');
  },
};

/** Enter searches and closes the list: the results show on the page, not twice with a list over them. */
export const EnterClosesTheList: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await userEvent.type(input, 'acme');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('listbox', { hidden: true })).toBeVisible();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('acme');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('option')).toBeNull();
    await expect(input).toHaveFocus();
    // The arrow keys bring the list back to pick from.
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getAllByRole('option')).toHaveLength(TENANTS.length);
  },
};

export const OutsideClickCloses: Story = {
  render: (args) => (
    <div className="grid gap-4">
      <TenantSearchBox {...args} />
      <p>Elsewhere on the page</p>
    </div>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await userEvent.type(input, 'acme');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(canvas.getByText('Elsewhere on the page'));
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('option')).toBeNull();
    await expect(input).toHaveValue('acme');
    await expect(args.onPick).not.toHaveBeenCalled();
  },
};

/** A failed search says so in the list, never "No results" beside the page's error. */
export const FailedSearch: Story = {
  args: { results: [], error: 'Failed to load tenants' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await userEvent.type(input, 'acme{Enter}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowDown}');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('Failed to load tenants')).toBeVisible();
    await expect(canvas.queryByText('No results')).toBeNull();
  },
};

export const EscapeClosesThenClears: Story = {
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox');
    await userEvent.type(input, 'acme');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveValue('acme');
    await expect(args.onClear).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveValue('');
    await expect(args.onClear).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('');
  },
};

export const ClickPicks: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox');
    await userEvent.type(input, 'o');
    await userEvent.click(canvas.getByRole('option', { name: /Örebro Kommun/ }));
    await expect(args.onPick).toHaveBeenCalledOnce();
    await expect(args.onPick).toHaveBeenCalledWith(TENANTS[2]);
    await expect(input).toHaveValue('Örebro Kommun');
    await expect(input).toHaveFocus();
  },
};

export const ClearButton: Story = {
  args: { defaultValue: 'acme' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(canvas.getByRole('combobox')).toHaveValue('');
    await expect(canvas.getByRole('combobox')).toHaveFocus();
    await expect(args.onClear).toHaveBeenCalledOnce();
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};

export const SearchOnType: Story = {
  args: { searchOnType: true, searchDelay: 100, results: [] },
  play: async ({ args, canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox'), 'acm');
    // One search after the pause, with the whole term, not one per keystroke.
    await waitFor(() => expect(args.onSearch).toHaveBeenCalledWith('acm'));
    await expect(args.onSearch).toHaveBeenCalledOnce();
  },
};

export const Loading: Story = {
  args: { loading: true, results: [], defaultValue: 'acme' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox'));
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('combobox')).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Searching');
    await expect(canvas.queryByText('No results')).toBeNull();
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Search tenants' });
    await expect(input).toBeRequired();
    await expect(input).toHaveAttribute('aria-required', 'true');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'acme' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('combobox')).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};

export const Swedish: Story = {
  ...Default,
  globals: { locale: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('combobox', { name: 'Sök kunder' });
    await userEvent.type(input, 'zzz');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Inga träffar'));
    await expect(canvas.getByRole('button', { name: 'Rensa sökningen' })).toBeVisible();
  },
};
