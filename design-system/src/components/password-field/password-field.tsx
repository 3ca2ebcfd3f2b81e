import { useState } from 'react';
import { StrokeIcon } from '../../lib/stroke-icon';
import { TextField, type TextFieldProps } from '../text-field/text-field';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'> & {
  /** Accessible name of the show/hide toggle; `aria-pressed` tells whether the password shows. */
  showLabel?: string;
  /** Tooltip of the toggle while the password is shown. */
  hideLabel?: string;
};

/** A TextField for passwords with a button that shows or hides what was typed. */
export function PasswordField({
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  disabled,
  ...props
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      type={visible ? 'text' : 'password'}
      disabled={disabled}
      trailing={
        <button
          data-slot="password-toggle"
          type="button"
          // A toggle keeps one name; its pressed state says whether the password is visible.
          aria-pressed={visible}
          aria-label={showLabel}
          title={visible ? hideLabel : showLabel}
          disabled={disabled}
          // A mouse click must not pull focus out of the input the user is typing in.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((shown) => !shown)}
          className="focus-ring inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4"
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
      {...props}
    />
  );
}

function EyeIcon() {
  return (
    <StrokeIcon>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeIcon>
  );
}

function EyeOffIcon() {
  return (
    <StrokeIcon>
      <path d="M10.7 5.1A10.4 10.4 0 0 1 12 5c6.4 0 10 7 10 7a17.7 17.7 0 0 1-2.2 3.1" />
      <path d="M6.6 6.6A17.6 17.6 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m2 2 20 20" />
    </StrokeIcon>
  );
}
