import {
  PasswordChecklist,
  type PasswordChecklistProps,
  RESET_LINK_PASSWORD_POLICY,
  TextField,
} from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/PasswordChecklist',
  tags: ['autodocs'],
  component: PasswordChecklist,
  args: { password: '', repeat: '', onValidityChange: fn() },
} satisfies Meta<typeof PasswordChecklist>;

export default meta;
type Story = StoryObj<typeof meta>;

const SWEDISH: Pick<PasswordChecklistProps, 'labels' | 'metLabel' | 'unmetLabel'> = {
  labels: {
    minLength: 'Minst 9 tecken',
    uppercase: 'En versal',
    special: 'Ett specialtecken',
    digit: 'En siffra',
    matches: 'Lösenorden matchar',
    mismatch: 'Lösenorden matchar inte',
  },
  metLabel: 'uppfyllt',
  unmetLabel: 'inte uppfyllt',
};

/** The create-password step as an app composes it: two fields and the live checklist. */
function CreatePasswordDemo({
  fieldLabels,
  ...props
}: PasswordChecklistProps & { fieldLabels: { password: string; repeat: string } }) {
  const [password, setPassword] = useState(props.password);
  const [repeat, setRepeat] = useState(props.repeat);
  return (
    <div className="grid w-80 gap-4">
      <TextField
        label={fieldLabels.password}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <TextField
        label={fieldLabels.repeat}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <PasswordChecklist {...props} password={password} repeat={repeat} />
    </div>
  );
}

function stateOf(canvasElement: HTMLElement, text: string): string | null {
  return within(canvasElement).getByText(text).closest('li')?.getAttribute('data-state') ?? null;
}

export const TypingTicksEachRule: Story = {
  render: (args, { globals }) => (
    <CreatePasswordDemo
      {...args}
      {...pick(globals, {
        en: { fieldLabels: { password: 'New password', repeat: 'Repeat password' } },
        sv: { ...SWEDISH, fieldLabels: { password: 'Nytt lösenord', repeat: 'Upprepa lösenordet' } },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const password = canvas.getByLabelText('New password');
    const repeat = canvas.getByLabelText('Repeat password');
    const rules = ['At least 9 characters', 'An uppercase letter', 'A special character', 'A digit', 'Passwords match'];
    for (const rule of rules) await expect(stateOf(canvasElement, rule)).toBe('unmet');
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-live', 'polite');
    await expect(canvas.getByText('At least 9 characters').closest('li')).toHaveTextContent('not met');

    await userEvent.type(password, 'sommar');
    await expect(stateOf(canvasElement, 'An uppercase letter')).toBe('unmet');
    await userEvent.type(password, 'S');
    await expect(stateOf(canvasElement, 'An uppercase letter')).toBe('met');
    await expect(canvas.getByText('An uppercase letter').closest('li')).toHaveTextContent(/met$/);
    await expect(stateOf(canvasElement, 'A digit')).toBe('unmet');
    await userEvent.type(password, '2');
    await expect(stateOf(canvasElement, 'A digit')).toBe('met');
    await expect(stateOf(canvasElement, 'At least 9 characters')).toBe('unmet');
    await userEvent.type(password, '#');
    await expect(stateOf(canvasElement, 'A special character')).toBe('met');
    await expect(stateOf(canvasElement, 'At least 9 characters')).toBe('met');
    await expect(args.onValidityChange).not.toHaveBeenCalledWith(true);

    // A differing repeat is announced; the password is not valid yet.
    await userEvent.type(repeat, 'sommarS2');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await expect(stateOf(canvasElement, 'Passwords match')).toBe('unmet');
    await expect(args.onValidityChange).not.toHaveBeenCalledWith(true);

    await userEvent.type(repeat, '#');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(stateOf(canvasElement, 'Passwords match')).toBe('met');
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(true);
    await expect(args.onValidityChange).toHaveBeenCalledTimes(2);

    // Breaking a rule again reports invalid.
    await userEvent.type(password, '{Backspace}');
    await expect(stateOf(canvasElement, 'A special character')).toBe('unmet');
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(false);
  },
};

export const Empty: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(5);
    for (const item of canvas.getAllByRole('listitem')) await expect(item).toHaveAttribute('data-state', 'unmet');
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(args.onValidityChange).toHaveBeenCalledOnce();
    await expect(args.onValidityChange).toHaveBeenCalledWith(false);
  },
};

export const Mismatch: Story = {
  args: { password: 'Sommar#2024', repeat: 'Sommar#2025' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Passwords do not match');
    await expect(stateOf(canvasElement, 'At least 9 characters')).toBe('met');
    await expect(stateOf(canvasElement, 'Passwords match')).toBe('unmet');
    await expect(args.onValidityChange).toHaveBeenCalledOnce();
    await expect(args.onValidityChange).toHaveBeenCalledWith(false);
  },
};

export const AllMet: Story = {
  args: { password: 'Sommar#2024', repeat: 'Sommar#2024' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    for (const item of canvas.getAllByRole('listitem')) await expect(item).toHaveAttribute('data-state', 'met');
    await expect(args.onValidityChange).toHaveBeenCalledOnce();
    await expect(args.onValidityChange).toHaveBeenCalledWith(true);
  },
};

export const Swedish: Story = {
  args: { ...SWEDISH, password: 'sommar', repeat: 'x' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Minst 9 tecken')).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Lösenorden matchar inte');
    await expect(canvas.getByText('Minst 9 tecken').closest('li')).toHaveTextContent('inte uppfyllt');
  },
};

/** The set-password page of a reset link asks for 8 characters only: its checklist lists that
 * and the repeat, and eight lowercase letters meet it. */
export const ResetLinkPolicy: Story = {
  args: { policy: RESET_LINK_PASSWORD_POLICY, password: 'sommarsol', repeat: '' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items.map((item) => item.getAttribute('data-rule'))).toEqual(['minLength', 'matches']);
    await expect(canvas.getByText('At least 8 characters').closest('li')).toHaveAttribute('data-state', 'met');
    await expect(canvas.queryByText('An uppercase letter')).not.toBeInTheDocument();
    await expect(stateOf(canvasElement, 'Passwords match')).toBe('unmet');
    await expect(args.onValidityChange).toHaveBeenLastCalledWith(false);
  },
};

export const ResetLinkPolicyMet: Story = {
  args: { policy: RESET_LINK_PASSWORD_POLICY, password: 'sommarsol', repeat: 'sommarsol' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    for (const item of canvas.getAllByRole('listitem')) await expect(item).toHaveAttribute('data-state', 'met');
    await expect(args.onValidityChange).toHaveBeenCalledWith(true);
  },
};

/** A form that shows "do not match" on its repeat field turns the checklist's own message off;
 * the rule still shows unmet. */
export const MismatchSaidByTheForm: Story = {
  args: { password: 'Sommar#2024', repeat: 'Sommar#2025', showMismatch: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(stateOf(canvasElement, 'Passwords match')).toBe('unmet');
  },
};
