/** Shortest password accepted when a password is created or reset in the sign-in flow. */
export const PASSWORD_MIN_LENGTH = 9;

/** The fixed set of characters that count as "special"; a space or a letter like é does not. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

export type PasswordCheck = {
  /** At least PASSWORD_MIN_LENGTH characters. */
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

/** Checks a new password and its repeat against the sign-in flow's password rules. */
export function checkPassword(password: string, repeat: string): PasswordCheck {
  // Counted in code points, so an emoji or a non-BMP letter is one character, as people count them.
  const minLength = Array.from(password).length >= PASSWORD_MIN_LENGTH;
  const uppercase = UPPERCASE.test(password);
  const special = Array.from(password).some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character));
  const digit = DIGIT.test(password);
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
