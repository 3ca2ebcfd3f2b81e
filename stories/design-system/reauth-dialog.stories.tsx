import { ReauthDialog, type ReauthDialogLabels } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const sv: ReauthDialogLabels = {
  title: 'Bekräfta att det är du',
  passwordIntro: 'För att ändra hur du loggar in, ange ditt lösenord igen.',
  otpIntro: 'För att ändra hur du loggar in, ange koden vi mejlade dig.',
  secondFactorIntro: 'Bekräfta sedan med din andra faktor.',
  password: 'Lösenord',
  showPassword: 'Visa lösenord',
  hidePassword: 'Dölj lösenord',
  otp: 'Kod från mejlet',
  totp: 'Kod från din autentiseringsapp',
  digit: (index, length) => `Siffra ${index + 1} av ${length}`,
  continue: 'Fortsätt',
  confirm: 'Bekräfta',
  useSecurityKey: 'Använd säkerhetsnyckel',
  usePasskey: 'Använd en lösennyckel',
  or: 'eller',
  passkeyIntro: 'För att ändra hur du loggar in, bekräfta med din lösennyckel eller en kod vi mejlar dig.',
  sendCode: 'Mejla mig en kod',
  cancel: 'Avbryt',
};

const meta = {
  title: 'Design system/ReauthDialog',
  tags: ['autodocs'],
  component: ReauthDialog,
  args: {
    open: true,
    step: 'first',
    method: 'password',
    secondFactors: [],
    onSubmitFirst: fn(),
    onSubmitTotp: fn(),
    onUseSecurityKey: fn(),
    onCancel: fn(),
  },
  render: (args, { globals }) => (
    <ReauthDialog {...args} labels={pick<Partial<ReauthDialogLabels>>(globals, { en: {}, sv })} />
  ),
} satisfies Meta<typeof ReauthDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The dialog is portalled to the body, outside the story's canvas. */
const dialogIn = (canvasElement: HTMLElement) =>
  within(canvasElement.ownerDocument.body).findByRole('dialog', { name: /Confirm it is you|Bekräfta att det är du/ });

/** The six boxes of a code, by role so the checks hold in either language. */
const boxesIn = (dialog: HTMLElement) => within(dialog).getAllByRole('textbox');

export const Password: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(/password|lösenord/i);
    const field = within(dialog).getByLabelText(/^(Password|Lösenord)$/);
    await waitFor(() => expect(field).toHaveFocus());
    // Nothing typed, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Confirm|Bekräfta)$/ }));
    await expect(args.onSubmitFirst).not.toHaveBeenCalled();
    await userEvent.type(field, 'correct horse{Enter}');
    await expect(args.onSubmitFirst).toHaveBeenCalledWith('correct horse');
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledOnce();
  },
};

export const EmailCode: Story = {
  args: { method: 'otp' },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(/emailed|mejlade/);
    await expect(within(dialog).getByRole('group')).toHaveAccessibleName(/Code from the email|Kod från mejlet/);
    const boxes = boxesIn(dialog);
    await waitFor(() => expect(boxes[0]).toHaveFocus());
    await userEvent.keyboard('123456');
    await expect(args.onSubmitFirst).toHaveBeenCalledWith('123456');
  },
};

export const WithAuthenticator: Story = {
  args: { step: 'second', secondFactors: ['totp'] },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(dialog).toHaveAttribute('data-step', 'second');
    await expect(within(dialog).getByRole('group')).toHaveAccessibleName(
      /Code from your authenticator app|Kod från din autentiseringsapp/,
    );
    await expect(within(dialog).queryByRole('button', { name: /security key|säkerhetsnyckel/i })).toBeNull();
    await waitFor(() => expect(boxesIn(dialog)[0]).toHaveFocus());
    await userEvent.keyboard('654321');
    await expect(args.onSubmitTotp).toHaveBeenCalledWith('654321');
  },
};

/** The password step of an account with a second factor continues rather than confirms. */
export const PasswordBeforeSecondFactor: Story = {
  args: { secondFactors: ['totp'] },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await userEvent.type(within(dialog).getByLabelText(/^(Password|Lösenord)$/), 'correct horse');
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Continue|Fortsätt)$/ }));
    await expect(args.onSubmitFirst).toHaveBeenCalledWith('correct horse');
  },
};

export const WithSecurityKey: Story = {
  args: { step: 'second', secondFactors: ['webauthn'] },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(within(dialog).queryByRole('group')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Use security key|Använd säkerhetsnyckel)$/ }));
    await expect(args.onUseSecurityKey).toHaveBeenCalledOnce();
  },
};

/** An account with both: the code, or the key instead. */
export const WithAuthenticatorOrSecurityKey: Story = {
  args: { step: 'second', secondFactors: ['totp', 'webauthn'] },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(boxesIn(dialog)).toHaveLength(6);
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Use security key|Använd säkerhetsnyckel)$/ }));
    await expect(args.onUseSecurityKey).toHaveBeenCalledOnce();
    await expect(args.onSubmitTotp).not.toHaveBeenCalled();
  },
};

/** An account with a passkey: the passkey proves both factors at once; the password still works. */
export const WithPasskey: Story = {
  args: { onUsePasskey: fn(), secondFactors: ['totp'] },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Use a passkey|Använd en lösennyckel)$/ }));
    await expect(args.onUsePasskey).toHaveBeenCalledOnce();
    await expect(within(dialog).getByLabelText(/^(Password|Lösenord)$/)).toBeVisible();
    await expect(args.onSubmitFirst).not.toHaveBeenCalled();
  },
};

/** No password, and a passkey: no code is mailed until the person asks for one. */
export const PasskeyOrEmailCode: Story = {
  args: { method: 'otp', codeSent: false, onUsePasskey: fn(), onSendCode: fn() },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(/passkey|lösennyckel/i);
    await expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    await expect(within(dialog).queryByRole('button', { name: /^(Confirm|Bekräfta)$/ })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: /^(Email me a code|Mejla mig en kod)$/ }));
    await expect(args.onSendCode).toHaveBeenCalledOnce();
    await expect(args.onUsePasskey).not.toHaveBeenCalled();
  },
};

export const WithError: Story = {
  render: (args, { globals }) => (
    <ReauthDialog
      {...args}
      labels={pick<Partial<ReauthDialogLabels>>(globals, { en: {}, sv })}
      error={pick(globals, { en: 'Wrong password.', sv: 'Fel lösenord.' })}
    />
  ),
  play: async ({ canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(/Wrong password\.|Fel lösenord\./);
  },
};

export const Busy: Story = {
  args: { busy: true, secondFactors: ['totp'] },
  play: async ({ args, canvasElement }) => {
    const dialog = await dialogIn(canvasElement);
    await expect(dialog).toHaveAttribute('aria-busy', 'true');
    await expect(within(dialog).getByLabelText(/^(Password|Lösenord)$/)).toBeDisabled();
    const confirm = within(dialog).getByRole('button', { name: /Continue|Fortsätt/ });
    await userEvent.click(confirm);
    await expect(args.onSubmitFirst).not.toHaveBeenCalled();
  },
};
