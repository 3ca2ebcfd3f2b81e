import { generateKeyPair as generateKeyPairCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { desc, gt, isNull, or } from 'drizzle-orm';
import { calculateJwkThumbprint, type JWK } from 'jose';
import type { Context } from '../context';
import { oidcSigningKeys } from '../db/schema';
import { withLock } from '../store/store';

const generateKeyPair = promisify(generateKeyPairCallback);

/** The algorithms the provider signs ID tokens with: RS256 (every client's default) and ES256. */
const SIGNING_ALGORITHMS = ['RS256', 'ES256'] as const;
type SigningAlgorithm = (typeof SIGNING_ALGORITHMS)[number];

/** How long a retired key stays published: far longer than an ID token lives (an hour), so
 * every token it signed can still be verified. */
const RETIRED_KEY_PUBLISHED_MS = 24 * 60 * 60_000;

/** A private JWK the provider signs with (and publishes the public half of). */
export type SigningJwk = JWK & { kid: string; alg: SigningAlgorithm; use: 'sig' };

async function newKey(alg: SigningAlgorithm): Promise<SigningJwk> {
  const { privateKey } =
    alg === 'RS256'
      ? await generateKeyPair('rsa', { modulusLength: 2048 })
      : await generateKeyPair('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg, use: 'sig' };
}

/** Adds a fresh key per algorithm and retires every earlier unretired one, in one transaction. */
async function addKeys(ctx: Context, retireOthers: boolean): Promise<string[]> {
  const keys = await Promise.all(SIGNING_ALGORITHMS.map(newKey));
  await ctx.db.transaction(async (tx) => {
    if (retireOthers)
      await tx.update(oidcSigningKeys).set({ retiredAt: ctx.now() }).where(isNull(oidcSigningKeys.retiredAt));
    await tx
      .insert(oidcSigningKeys)
      .values(keys.map((key) => ({ kid: key.kid, alg: key.alg, jwkSealed: ctx.secrets.seal(JSON.stringify(key)) })));
  });
  return keys.map((key) => key.kid);
}

/**
 * The keys this node signs with and publishes, read at start: the current keys first (the
 * provider signs with the first key of an algorithm), then recently retired ones, which are only
 * published. The first start of a deployment makes the first keys; a lock keeps two nodes
 * starting together from both doing so.
 */
export async function loadSigningKeys(ctx: Context): Promise<SigningJwk[]> {
  const read = () =>
    ctx.db
      .select()
      .from(oidcSigningKeys)
      .where(
        or(
          isNull(oidcSigningKeys.retiredAt),
          gt(oidcSigningKeys.retiredAt, new Date(ctx.now().getTime() - RETIRED_KEY_PUBLISHED_MS)),
        ),
      )
      .orderBy(desc(oidcSigningKeys.createdAt));
  let rows = await read();
  if (!rows.some((row) => row.retiredAt === null)) {
    rows = await withLock(ctx.store, 'oidc-signing-keys', async () => {
      const again = await read();
      if (again.some((row) => row.retiredAt === null)) return again;
      await addKeys(ctx, false);
      return read();
    });
  }
  const current = rows.filter((row) => row.retiredAt === null);
  const retired = rows.filter((row) => row.retiredAt !== null);
  const keys = [...current, ...retired].map((row) => JSON.parse(ctx.secrets.open(row.jwkSealed)) as SigningJwk);
  keysInUse.set(ctx, keys);
  return keys;
}

/** The keys each running server loaded, for what Helios signs beside the provider. */
const keysInUse = new WeakMap<Context, SigningJwk[]>();

/** The key this node signs with for an algorithm (the provider's own choice: the first one). */
export function currentSigningKey(ctx: Context, alg: SigningAlgorithm): SigningJwk {
  const key = keysInUse.get(ctx)?.find((candidate) => candidate.alg === alg);
  if (!key) throw new Error('The identity provider has not loaded its signing keys');
  return key;
}

/** `helios keys rotate`: new keys sign after each node restarts; the old ones stay published for
 * a day so tokens they signed still verify. */
export async function rotateSigningKeys(ctx: Context): Promise<{ added: string[] }> {
  return { added: await addKeys(ctx, true) };
}
