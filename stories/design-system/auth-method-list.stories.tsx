import { type AuthMethod, AuthMethodList } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const METHODS: AuthMethod[] = [
  { id: 'c1', type: 'password' },
  { id: 'c2', type: 'oidc', provider: 'accounts.google.com', detail: 'anna.svensson@gmail.com' },
  { id: 'c3', type: 'oidc', provider: 'https://login.microsoftonline.com/common/v2.0', detail: 'anna@acme.se' },
  { id: 'c4', type: 'totp' },
  { id: 'c5', type: 'webauthn', label: 'YubiKey 5C' },
  { id: 'c6', type: 'oidc', provider: 'sso.acme.se' },
];

const meta = {
  title: 'Design system/AuthMethodList',
  tags: ['autodocs'],
  component: AuthMethodList,
  args: { methods: METHODS },
  decorators: [
    (Story) => (
      <div className="w-96">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AuthMethodList>;

export default meta;
type Story = StoryObj<typeof meta>;

function namesIn(canvasElement: HTMLElement): string[] {
  return within(canvasElement)
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

export const Default: Story = {
  render: (args, { globals }) => (
    <AuthMethodList
      {...args}
      {...pick(globals, {
        en: {},
        sv: {
          showAllLabel: 'Visa alla',
          showLessLabel: 'Visa färre',
          emptyText: 'Inga aktiva inloggningsmetoder',
          typeLabels: {
            password: 'Lösenord',
            totp: 'Autentiseringsapp',
            webauthn: 'Säkerhetsnyckel',
            oidc: 'Enkel inloggning',
          },
        },
      })}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(namesIn(canvasElement)).toEqual([
      'Password',
      'Googleanna.svensson@gmail.com',
      'Microsoftanna@acme.se',
    ]);

    const toggle = canvas.getByRole('button', { name: 'Show all' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', canvas.getByRole('list').id);

    await userEvent.click(toggle);
    await expect(toggle).toHaveAccessibleName('Show less');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(toggle).toHaveFocus();
    await expect(namesIn(canvasElement)).toEqual([
      'Password',
      'Googleanna.svensson@gmail.com',
      'Microsoftanna@acme.se',
      'Authenticator app',
      'YubiKey 5C',
      'Single sign-on',
    ]);

    await userEvent.keyboard('{Enter}');
    await expect(toggle).toHaveAccessibleName('Show all');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

export const FewMethods: Story = {
  args: { methods: METHODS.slice(0, 3) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { methods: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No active sign-in methods')).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
  },
};

export const ProviderNames: Story = {
  args: {
    initialVisible: 10,
    methods: [
      { id: 'g1', type: 'oidc', provider: 'google' },
      { id: 'g2', type: 'oidc', provider: 'accounts.google.com' },
      { id: 'm1', type: 'oidc', provider: 'microsoft' },
      { id: 'm2', type: 'oidc', provider: 'login.microsoftonline.com' },
      { id: 'o1', type: 'oidc', provider: null },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(namesIn(canvasElement)).toEqual(['Google', 'Google', 'Microsoft', 'Microsoft', 'Single sign-on']);
  },
};

export const Swedish: Story = {
  args: {
    initialVisible: 2,
    showAllLabel: 'Visa alla',
    showLessLabel: 'Visa färre',
    typeLabels: { password: 'Lösenord', totp: 'Autentiseringsapp' },
    methods: [
      { id: 'c1', type: 'password' },
      { id: 'c2', type: 'totp' },
      { id: 'c3', type: 'oidc', provider: 'google' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(namesIn(canvasElement)).toEqual(['Lösenord', 'Autentiseringsapp']);
    await userEvent.click(canvas.getByRole('button', { name: 'Visa alla' }));
    await expect(canvas.getByRole('button', { name: 'Visa färre' })).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};
