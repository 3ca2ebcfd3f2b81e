import type { Context } from '../context';
import { randomToken, sha256 } from '../security/tokens';
import { fromJson, setJson } from '../store/store';

/** A clavis lives one minute: long enough to follow the link, too short to be worth stealing. */
export const CLAVIS_MS = 60_000;

export type ClavisRecord = { accountId: string; tenantId: string; issuedBy: string };

export const clavisKey = (token: string) => `clavis:${sha256(token)}`;

/** Makes a single-use clavis (256-bit random, kept only as its hash in the store) that signs
 * `accountId` into one tenant, and answers the instance link that carries it. */
export async function issueClavis(
  ctx: Context,
  tenant: { id: string; url: string },
  accountId: string,
  issuedBy: string,
): Promise<string> {
  const token = randomToken();
  const record: ClavisRecord = { accountId, tenantId: tenant.id, issuedBy };
  await setJson(ctx.store, clavisKey(token), record, CLAVIS_MS);
  return `${tenant.url.replace(/\/+$/, '')}/auth/clavis?clavis=${token}`;
}

/** Takes a clavis: the first call gets its record, every later one (and an expired or unknown
 * clavis) gets null. */
export async function takeClavis(ctx: Context, token: string): Promise<ClavisRecord | null> {
  return fromJson<ClavisRecord>(await ctx.store.take(clavisKey(token)));
}
