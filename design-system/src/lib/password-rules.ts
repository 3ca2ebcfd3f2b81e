/** Shortest password accepted when a password is created or reset in the sign-in flow. */
export const PASSWORD_MIN_LENGTH = 9;

/** Which rules a new password must meet where it is chosen. */
export type PasswordPolicy = {
  minLength: number;
  uppercase: boolean;
  special: boolean;
  digit: boolean;
};

/** Creating or resetting a password in the sign-in flow: 9 characters, an uppercase letter, a
 * special character and a digit. */
export const SIGN_IN_PASSWORD_POLICY: PasswordPolicy = {
  minLength: PASSWORD_MIN_LENGTH,
  uppercase: true,
  special: true,
  digit: true,
};

/** The set-password page a reset link opens: 8 characters, no character classes. */
export const RESET_LINK_PASSWORD_POLICY: PasswordPolicy = {
  minLength: 8,
  uppercase: false,
  special: false,
  digit: false,
};

/** The fixed set of characters that count as "special"; a space or a letter like é does not. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

/** Each rule of the policy, and whether all hold; a rule the policy does not ask for holds. */
export type PasswordCheck = {
  /** At least the policy's minimum length. */
  minLength: boolean;
  /** At least one uppercase letter, in any script (Å, Ö and É count). */
  uppercase: boolean;
  /** At least one character from PASSWORD_SPECIAL_CHARACTERS. */
  special: boolean;
  /** At least one digit 0–9. */
  digit: boolean;
  /** The repeat is filled in and equal to the password. */
  matches: boolean;
  /** Every rule above holds. */
  valid: boolean;
};

const UPPERCASE = /\p{Lu}/u;
// Only 0–9: the rule reads "a digit", and digits of other scripts are not what people expect it to mean.
const DIGIT = /[0-9]/;

/** Checks a new password and its repeat against a policy (the sign-in flow's by default). */
export function checkPassword(
  password: string,
  repeat: string,
  policy: PasswordPolicy = SIGN_IN_PASSWORD_POLICY,
): PasswordCheck {
  // Code points, so an emoji or a non-BMP letter is one character, as people count them.
  const characters = Array.from(password);
  const minLength = characters.length >= policy.minLength;
  const uppercase = !policy.uppercase || UPPERCASE.test(password);
  const special = !policy.special || characters.some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character));
  const digit = !policy.digit || DIGIT.test(password);
  const matches = repeat.length > 0 && repeat === password;
  return {
    minLength,
    uppercase,
    special,
    digit,
    matches,
    valid: minLength && uppercase && special && digit && matches,
  };
}
