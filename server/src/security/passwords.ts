import { ErrorCode } from '@helios/api';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../http/errors';

/** OWASP's argon2id setting: 19 MiB, 2 passes, 1 lane. @node-rs/argon2 runs on libuv's thread
 * pool, so hashing never blocks the event loop. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolated modules).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), ARGON2);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password.normalize('NFC'));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real verify, so an account without a password answers as slowly
 * as one with a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('helios-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

/** The fixed set of special characters of the password rules (spec §5). */
export const SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

const common = new Set(dictionary['passwords-common'].map((p: string) => p.toLowerCase()));
export const COMMON_PASSWORD_COUNT = common.size;

export type PasswordProblem = 'too_short' | 'uppercase' | 'special' | 'digit' | 'common' | 'too_long';

/**
 * Rules for a new password. `login`: the create-password step (≥9, an uppercase letter, a
 * special character from the fixed set, a digit). `reset`: the set-password page (≥8). Both
 * reject common passwords and allow any Unicode up to 1024 characters, never truncated.
 */
export function passwordProblems(password: string, policy: 'login' | 'reset'): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < (policy === 'login' ? 9 : 8)) problems.push('too_short');
  if (length > 1024) problems.push('too_long');
  if (policy === 'login') {
    if (!/\p{Lu}/u.test(password)) problems.push('uppercase');
    if (![...password].some((c) => SPECIAL_CHARACTERS.includes(c))) problems.push('special');
    if (!/\d/.test(password)) problems.push('digit');
  }
  if (isCommon(password)) problems.push('common');
  return problems;
}

/** A common password, also when only dressed up with a few digits or symbols around it
 * ("Password123!" is "password"). */
export function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const core = lower.replace(/^[\d\p{P}\p{S}\s]+/u, '').replace(/[\d\p{P}\p{S}\s]+$/u, '');
  return core.length >= 4 && lower.length - core.length <= 5 && common.has(core);
}

/** Weak-password answer listing every rule the password breaks. */
export function weakPassword(problems: string[]): HttpError {
  const type = problems.includes('common') ? ErrorCode.commonPassword : ErrorCode.weakPassword;
  return new HttpError(
    422,
    type,
    'Password does not meet the rules',
    {},
    problems.map((problem) => ({
      type: problem === 'common' ? ErrorCode.commonPassword : ErrorCode.weakPassword,
      msg: problem,
    })),
  );
}
