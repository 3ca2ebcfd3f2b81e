import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@helios/api';

/**
 * Recovery codes as people see them: ten characters of Crockford's base32 in lower case (no i,
 * l, o or u, which are easily misread), written as two groups of five: `7gk2m-x9qpd`. Each
 * character is drawn uniformly from the CSPRNG, so a code holds 50 bits.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUP = 5;
const LENGTH = 2 * GROUP;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, GROUP)}-${code.slice(GROUP)}`;
}

/** A fresh set of distinct codes. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newRecoveryCode());
  return [...codes];
}

/** A code as typed, in the one form that is hashed: capitals, spaces and dashes do not matter,
 * and the letters base32 leaves out read as the digits they look like (o as 0, i and l as 1).
 * Null when what is left cannot be a code. */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  if (code.length !== LENGTH) return null;
  for (const char of code) if (!ALPHABET.includes(char)) return null;
  return code;
}
