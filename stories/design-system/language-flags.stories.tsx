import { type FlagLanguage, LanguageFlags, type LanguageFlagsProps } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/LanguageFlags',
  tags: ['autodocs'],
  component: LanguageFlags,
  args: { value: 'en', onChange: fn() },
} satisfies Meta<typeof LanguageFlags>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keeps the chosen language, as the sign-in page does. */
function StatefulFlags(props: LanguageFlagsProps) {
  const [language, setLanguage] = useState(props.value);
  return (
    <LanguageFlags
      {...props}
      value={language}
      onChange={(next: FlagLanguage) => {
        props.onChange(next);
        setLanguage(next);
      }}
    />
  );
}

export const Default: Story = {
  render: (args, { globals }) => (
    <StatefulFlags {...args} {...pick(globals, { en: {}, sv: { value: 'sv', groupLabel: 'Språk' } })} />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    const swedish = canvas.getByRole('button', { name: 'Svenska' });
    const english = canvas.getByRole('button', { name: 'English' });
    await expect(swedish).toHaveTextContent('SE');
    await expect(english).toHaveTextContent('EN');
    await expect(english).toHaveAttribute('aria-pressed', 'true');
    await expect(swedish).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(swedish);
    await expect(args.onChange).toHaveBeenCalledOnce();
    await expect(args.onChange).toHaveBeenCalledWith('sv');
    await expect(swedish).toHaveAttribute('aria-pressed', 'true');
    await expect(english).toHaveAttribute('aria-pressed', 'false');

    // Keyboard: Tab to English and press Enter.
    await userEvent.tab();
    await expect(english).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith('en');
    await expect(english).toHaveAttribute('aria-pressed', 'true');
  },
};

export const SwedishSelected: Story = {
  args: { value: 'sv' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Svenska', pressed: true })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'English', pressed: false })).toBeInTheDocument();
  },
};

export const CustomLabels: Story = {
  args: { value: 'sv', labels: { sv: 'Swedish', en: 'English' }, groupLabel: 'Page language' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Page language' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'English' }));
    await expect(args.onChange).toHaveBeenCalledOnce();
    await expect(args.onChange).toHaveBeenCalledWith('en');
  },
};
