import type { Context } from '../context';
import { randomDigits, safeEqual, sha256 } from '../security/tokens';
import { getJson, setJson } from '../store/store';

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_FAILURES = 5;
/** Wrong guesses are counted per email for this long, across resends and login sessions. */
const FAILURE_WINDOW_MS = 30 * 60_000;

type StoredCode = { mac: string };

const codeKey = (email: string) => `otp:${sha256(email)}`;
const failureKey = (email: string) => `otp-failures:${sha256(email)}`;

/** Issues a new code for an email (replacing an earlier one). Only its keyed hash is stored. */
export async function issueCode(ctx: Context, email: string): Promise<string> {
  const code = randomDigits(6);
  await setJson(
    ctx.store,
    codeKey(email),
    { mac: ctx.secrets.mac(`${email}:${code}`) } satisfies StoredCode,
    OTP_TTL_MS,
  );
  return code;
}

export type CodeCheck = 'ok' | 'invalid' | 'expired' | 'retries-exceeded';

/**
 * Checks a code: single use (taken on success), expires, and after five wrong guesses the code
 * dies. A resend does not reset the count: it lives per email for half an hour.
 */
export async function checkCode(ctx: Context, email: string, code: string): Promise<CodeCheck> {
  const failures = Number((await ctx.store.get(failureKey(email))) ?? 0);
  if (failures >= OTP_MAX_FAILURES) return 'retries-exceeded';
  const stored = await getJson<StoredCode>(ctx.store, codeKey(email));
  if (!stored) return 'expired';
  if (safeEqual(stored.mac, ctx.secrets.mac(`${email}:${code}`))) {
    // Taking it makes it single use even when two requests race with the right code.
    return (await ctx.store.take(codeKey(email))) ? 'ok' : 'expired';
  }
  const { count } = await ctx.store.incr(failureKey(email), FAILURE_WINDOW_MS);
  if (count >= OTP_MAX_FAILURES) {
    await ctx.store.del(codeKey(email));
    return 'retries-exceeded';
  }
  return 'invalid';
}

export async function clearFailures(ctx: Context, email: string) {
  await ctx.store.del(failureKey(email));
}
