import { AuthCard, Button, LanguageFlags, TextField } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/AuthCard',
  tags: ['autodocs'],
  component: AuthCard,
  parameters: { layout: 'fullscreen' },
  args: { title: 'Sign in' },
  argTypes: { variant: { control: 'inline-radio', options: ['default', 'refresh'] } },
} satisfies Meta<typeof AuthCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const onLanguageChange = fn();

export const Default: Story = {
  render: (args, { globals }) => {
    const texts = pick(globals, {
      en: {
        title: 'Sign in',
        description: 'Enter your email address to continue.',
        email: 'Email',
        submit: 'Continue',
        footer: 'Need help? Contact your administrator.',
      },
      sv: {
        title: 'Logga in',
        description: 'Ange din e-postadress för att fortsätta.',
        email: 'E-post',
        submit: 'Fortsätt',
        footer: 'Behöver du hjälp? Kontakta din administratör.',
      },
    });
    return (
      <AuthCard
        {...args}
        title={texts.title}
        description={texts.description}
        footer={texts.footer}
        topRight={
          <LanguageFlags
            value={pick(globals, { en: 'en', sv: 'sv' })}
            onChange={onLanguageChange}
            groupLabel={pick(globals, { en: 'Language', sv: 'Språk' })}
          />
        }
      >
        <TextField label={texts.email} type="email" autoComplete="email" />
        <Button type="submit" fullWidth>
          {texts.submit}
        </Button>
      </AuthCard>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = canvas.getByRole('main');
    await expect(main).toHaveAttribute('data-variant', 'default');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    await expect(canvas.getByText('Helios')).toBeVisible();
    await expect(canvas.getByText('Enter your email address to continue.')).toBeVisible();
    await expect(canvas.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    await expect(canvas.getByRole('contentinfo')).toHaveTextContent('Need help?');
    await expect(canvas.getByLabelText('Email')).toBeInTheDocument();
    await expect(canvas.queryByText('Candidate sharing portal')).not.toBeInTheDocument();
  },
};

export const Refresh: Story = {
  args: { variant: 'refresh', title: 'Your session has expired', description: 'Sign in again to continue.' },
  render: (args) => (
    <AuthCard {...args}>
      <Button fullWidth>Continue</Button>
    </AuthCard>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = canvas.getByRole('main');
    await expect(main).toHaveAttribute('data-variant', 'refresh');
    // At the top, with the same margin above it as every other sign-in card.
    await expect(getComputedStyle(main).paddingTop).toBe('40px');
    const title = canvas.getByRole('heading', { level: 1, name: 'Your session has expired' });
    await expect(title).toHaveClass('text-title');
    await expect(canvas.getByText('Sign in again to continue.')).toBeVisible();
    // No big logo in the compact card.
    await expect(canvas.queryByText('Helios')).not.toBeInTheDocument();
  },
};

export const SharingPortal: Story = {
  args: { sharingPortal: true, title: 'Sign in' },
  render: (args, { globals }) => (
    <AuthCard
      {...args}
      {...pick(globals, { en: {}, sv: { title: 'Logga in', sharingPortalTitle: 'Portal för kandidatdelning' } })}
    >
      <Button fullWidth>{pick(globals, { en: 'Continue', sv: 'Fortsätt' })}</Button>
    </AuthCard>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const eyebrow = canvas.getByText('Candidate sharing portal');
    const title = canvas.getByRole('heading', { level: 1, name: 'Sign in' });
    await expect(eyebrow).toBeVisible();
    // The portal title sits above the heading and is not part of it.
    await expect(eyebrow.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};

export const SharingPortalRefresh: Story = {
  args: {
    variant: 'refresh',
    sharingPortal: true,
    sharingPortalTitle: 'Stakeholder portal',
    title: 'Sign in again',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Stakeholder portal')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Sign in again' })).toBeInTheDocument();
    await expect(canvas.queryByText('Helios')).not.toBeInTheDocument();
  },
};

export const CustomLogo: Story = {
  args: {
    title: 'Select an instance',
    logo: <span className="font-bold text-foreground text-xl">Acme Recruiting</span>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Acme Recruiting')).toBeVisible();
    await expect(canvas.queryByText('Helios')).not.toBeInTheDocument();
  },
};
