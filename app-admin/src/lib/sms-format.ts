const INTEGER_PATTERN = /^\s*-?\d+\s*$/;

/**
 * Reads a whole number typed by a person: optional minus sign and digits, optionally surrounded
 * by spaces. Anything else ('1.5', '1e3', '0x10', '', 'abc') and numbers too large to hold exactly
 * give null.
 */
export function parseInteger(text: string): number | null {
  if (!INTEGER_PATTERN.test(text)) return null;
  const value = Number(text.trim());
  if (!Number.isSafeInteger(value)) return null;
  // '-0' is just 0 to a person.
  return value === 0 ? 0 : value;
}
