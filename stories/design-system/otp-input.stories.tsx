import { OtpInput } from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/OtpInput',
  tags: ['autodocs'],
  component: OtpInput,
  args: { onChange: fn(), onComplete: fn() },
} satisfies Meta<typeof OtpInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The six boxes, found by role so the checks hold in either toolbar language. */
function boxesIn(canvasElement: HTMLElement): HTMLElement[] {
  return within(canvasElement).getAllByRole('textbox');
}

function codeIn(boxes: HTMLElement[]): string {
  return boxes.map((box) => (box as HTMLInputElement).value).join('');
}

export const Default: Story = {
  render: (args, { globals }) => (
    <OtpInput
      {...args}
      {...pick(globals, {
        en: {},
        sv: { label: 'Engångskod', digitLabel: (index: number, total: number) => `Siffra ${index + 1} av ${total}` },
      })}
    />
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const boxes = boxesIn(canvasElement);
    await expect(boxes).toHaveLength(6);
    await expect(canvas.getByRole('group')).toHaveAccessibleName(/One-time code|Engångskod/);
    await expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
    for (const box of boxes) await expect(box).toHaveAttribute('inputmode', 'numeric');

    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('1');
    await expect(boxes[1]).toHaveFocus();

    // Letters are ignored: nothing is entered and focus stays put.
    await userEvent.keyboard('a');
    await expect(boxes[1]).toHaveValue('');
    await expect(boxes[1]).toHaveFocus();

    await userEvent.keyboard('23');
    await expect(codeIn(boxes)).toBe('123');
    await expect(boxes[3]).toHaveFocus();
    await expect(args.onChange).toHaveBeenLastCalledWith('123');

    // Backspace on an empty box moves back and clears the previous digit.
    await userEvent.keyboard('{Backspace}');
    await expect(boxes[2]).toHaveFocus();
    await expect(codeIn(boxes)).toBe('12');

    // Backspace on a filled box clears it and stays there.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(boxes[1]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await expect(codeIn(boxes)).toBe('1');
    await expect(boxes[1]).toHaveFocus();
    await expect(args.onComplete).not.toHaveBeenCalled();
  },
};

export const ArrowKeys: Story = {
  args: { defaultValue: '1234' },
  play: async ({ canvasElement }) => {
    const boxes = boxesIn(canvasElement);
    await userEvent.click(boxes[1] as HTMLElement);
    await userEvent.keyboard('{ArrowRight}');
    await expect(boxes[2]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(boxes[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(boxes[0]).toHaveFocus();
    // Typing over a filled box replaces its digit and moves on.
    await userEvent.keyboard('9');
    await expect(codeIn(boxes)).toBe('9234');
    await expect(boxes[1]).toHaveFocus();
    // Boxes fill from the left: an empty box further on sends focus to the first empty one.
    await userEvent.click(boxes[5] as HTMLElement);
    await expect(boxes[4]).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(boxes[4]).toHaveFocus();
  },
};

export const PasteFillsAllBoxes: Story = {
  play: async ({ args, canvasElement }) => {
    const boxes = boxesIn(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.paste('123456');
    await expect(codeIn(boxes)).toBe('123456');
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onComplete).toHaveBeenCalledWith('123456');

    // Pasting the same code again does not submit it twice.
    await userEvent.paste('123456');
    await expect(args.onComplete).toHaveBeenCalledOnce();

    // Spaces are stripped; a changed code is submitted.
    await userEvent.paste('654 321');
    await expect(codeIn(boxes)).toBe('654321');
    await expect(args.onComplete).toHaveBeenCalledTimes(2);
    await expect(args.onComplete).toHaveBeenLastCalledWith('654321');

    // Text that is not a code is ignored.
    await userEvent.paste('abc123');
    await expect(codeIn(boxes)).toBe('654321');
  },
};

export const PasteIntoAnyBox: Story = {
  play: async ({ args, canvasElement }) => {
    const boxes = boxesIn(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('98');
    await expect(boxes[2]).toHaveFocus();
    await userEvent.paste('123456');
    await expect(codeIn(boxes)).toBe('123456');
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
  },
};

export const AutoSubmit: Story = {
  play: async ({ args, canvasElement }) => {
    const boxes = boxesIn(canvasElement);
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('12345');
    await expect(args.onComplete).not.toHaveBeenCalled();
    await userEvent.keyboard('6');
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onComplete).toHaveBeenCalledWith('123456');
    await expect(boxes[5]).toHaveFocus();

    // Moving around does not submit again; changing a digit does.
    await userEvent.keyboard('{ArrowLeft}{ArrowRight}');
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await userEvent.keyboard('{Backspace}7');
    await expect(args.onComplete).toHaveBeenCalledTimes(2);
    await expect(args.onComplete).toHaveBeenLastCalledWith('123457');
  },
};

export const HardError: Story = {
  args: { hardError: 'The one-time code has expired. Use the link in the email again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The one-time code has expired');
    await expect(canvas.queryAllByRole('textbox')).toHaveLength(0);
    await expect(canvas.queryByRole('group')).not.toBeInTheDocument();
  },
};

export const SoftError: Story = {
  args: { defaultValue: '123456', softError: 'Invalid code, try again.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Invalid code, try again.');
    const boxes = boxesIn(canvasElement);
    await expect(boxes).toHaveLength(6);
    for (const box of boxes) {
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(box).toHaveAccessibleDescription('Invalid code, try again.');
    }
    // The message sits beneath the boxes.
    const group = canvas.getByRole('group');
    await expect(group.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '123456' },
  play: async ({ args, canvasElement }) => {
    const boxes = boxesIn(canvasElement);
    for (const box of boxes) await expect(box).toBeDisabled();
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('9');
    await expect(codeIn(boxes)).toBe('123456');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const AutoFocus: Story = {
  args: { autoFocus: true, defaultValue: '12' },
  play: async ({ canvasElement }) => {
    const boxes = boxesIn(canvasElement);
    await waitFor(() => expect(boxes[2]).toHaveFocus());
  },
};

export const FourDigits: Story = {
  args: { length: 4 },
  play: async ({ args, canvasElement }) => {
    const boxes = boxesIn(canvasElement);
    await expect(boxes).toHaveLength(4);
    await expect(boxes[3]).toHaveAccessibleName('Digit 4 of 4');
    await userEvent.click(boxes[0] as HTMLElement);
    await userEvent.keyboard('4321');
    await expect(args.onComplete).toHaveBeenCalledOnce();
    await expect(args.onComplete).toHaveBeenCalledWith('4321');
  },
};
