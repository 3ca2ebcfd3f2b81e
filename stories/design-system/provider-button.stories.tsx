import { ProviderButton } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/ProviderButton',
  tags: ['autodocs'],
  component: ProviderButton,
  args: { provider: 'google', onClick: fn() },
  argTypes: { provider: { control: 'select', options: ['google', 'microsoft', 'oidc'] } },
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProviderButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllProviders: Story = {
  render: (args, { globals }) => {
    const labels = pick(globals, {
      en: { google: undefined, microsoft: undefined, oidc: undefined },
      sv: {
        google: 'Fortsätt med Google',
        microsoft: 'Fortsätt med Microsoft',
        oidc: 'Fortsätt med enkel inloggning',
      },
    });
    return (
      <div className="grid gap-3">
        <ProviderButton {...args} provider="google" label={labels.google} />
        <ProviderButton {...args} provider="microsoft" label={labels.microsoft} />
        <ProviderButton {...args} provider="oidc" label={labels.oidc} />
      </div>
    );
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const names = ['Continue with Google', 'Continue with Microsoft', 'Continue with single sign-on'];
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(names);
    for (const name of names) {
      const button = canvas.getByRole('button', { name });
      // The provider marks are decorative and left out of the accessible name.
      await expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
      await userEvent.click(button);
    }
    await expect(args.onClick).toHaveBeenCalledTimes(3);
  },
};

export const Google: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Continue with Google' });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Microsoft: Story = {
  args: { provider: 'microsoft' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled();
  },
};

export const SingleSignOn: Story = {
  args: { provider: 'oidc', label: 'Continue with Acme SSO' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Continue with Acme SSO' })).toBeInTheDocument();
  },
};

export const Swedish: Story = {
  args: { label: 'Fortsätt med Google' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Fortsätt med Google' })).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: /Continue with Google/ });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, provider: 'microsoft' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Continue with Microsoft' })).toBeDisabled();
  },
};
