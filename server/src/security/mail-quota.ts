import type { Context } from '../context';
import { withLock } from '../store/store';
import { sha256 } from './tokens';

/**
 * How much sign-in mail one recipient address gets, whoever asks and from wherever: the limits
 * hold per address, so strangers cannot fill someone's inbox through the sign-in form. Each limit
 * is "at most `count` in any `windowMs`", counted on the server's clock.
 */
export type MailQuota = { name: string; limits: { count: number; windowMs: number }[] };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const mailQuotas = {
  /** A sign-in code: enough for a person who asks again a few times, not for a flood. */
  signInCode: {
    name: 'code',
    limits: [
      { count: 5, windowMs: 15 * MINUTE_MS },
      { count: 20, windowMs: DAY_MS },
    ],
  },
  /** "No account exists for this address": saying it once a day is enough. */
  noAccount: { name: 'no-account', limits: [{ count: 1, windowMs: DAY_MS }] },
} satisfies Record<string, MailQuota>;

/**
 * The address a quota counts for: lower case, without a `+tag` (most providers deliver
 * `name+tag@` to `name@`) and, at Gmail, without dots in the name (which Gmail ignores), so
 * spellings of one mailbox share its quota.
 */
export function quotaAddress(email: string): string {
  const address = email.trim().normalize('NFC').toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  let name = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = name.indexOf('+');
  if (plus > 0) name = name.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') name = name.replaceAll('.', '');
  return `${name}@${domain}`;
}

/** Whether one more mail may go at `now`, given when earlier ones went (ms since the epoch), and
 * the sends to remember afterwards: those within the longest window, with this one when it goes. */
export function nextSend(quota: MailQuota, sent: number[], now: number): { allowed: boolean; sent: number[] } {
  const longest = Math.max(...quota.limits.map((limit) => limit.windowMs));
  const recent = sent.filter((at) => at > now - longest);
  const allowed = quota.limits.every((limit) => recent.filter((at) => at > now - limit.windowMs).length < limit.count);
  return { allowed, sent: allowed ? [...recent, now] : recent };
}

/**
 * Takes one mail of `quota` for `email`; false when the address has had its share. The times of
 * the address's recent mails are one store record (key by the address's hash), changed under a
 * store lock, so every node shares the count. A store that cannot answer throws
 * (StoreUnavailableError, 503): no mail goes uncounted.
 */
export function takeMailQuota(ctx: Context, quota: MailQuota, email: string): Promise<boolean> {
  const key = `mail-quota:${quota.name}:${sha256(quotaAddress(email))}`;
  return withLock(ctx.store, key, async () => {
    const raw = await ctx.store.get(key);
    const { allowed, sent } = nextSend(quota, raw === null ? [] : (JSON.parse(raw) as number[]), ctx.now().getTime());
    if (allowed) await ctx.store.set(key, JSON.stringify(sent), Math.max(...quota.limits.map((l) => l.windowMs)));
    return allowed;
  });
}
