import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Context } from '../context';
import { preparedPerDatabase } from '../db/client';
import { oidcPayloads } from '../db/schema';
import { nulAt } from '../http/routes';
import { clientMetadata } from './clients';

/**
 * What the identity provider keeps between requests (codes, tokens, grants, sessions,
 * interactions), one row per model and id in `oidc_payloads`, so every node sees the same state
 * in both database modes. Expired rows are never read and are swept now and then.
 */
/** PostgreSQL text cannot hold a NUL character, so no stored id has one: an id from a request
 * that does is simply unknown (asking the database would fail the request instead). */
const storable = (id: string) => !id.includes('\u0000');

/** Looking a payload up by id is the provider's most frequent query (client, code, grant,
 * session and token on every exchange), so it is prepared once per database. */
const findById = preparedPerDatabase((db) =>
  db
    .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.model, sql.placeholder('model')),
        eq(oidcPayloads.id, sql.placeholder('id')),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql.placeholder('now'))),
      ),
    )
    .limit(1)
    .prepare('oidc_payload_by_id'),
);

type PayloadRow = { payload: unknown; consumedAt: Date | null };

function payloadOf(row: PayloadRow | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const consumed = row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {};
  return { ...(row.payload as AdapterPayload), ...consumed };
}

class PayloadAdapter implements Adapter {
  constructor(
    private readonly ctx: Context,
    private readonly model: string,
  ) {}

  private live() {
    return or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, this.ctx.now()));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    // A request parameter the provider keeps (a logout's `state`, say) with a NUL character in it
    // cannot be stored: the request is refused as invalid (400), not failed as a server error.
    if (nulAt(payload)) throw new errors.InvalidRequest('parameters may not contain NUL characters');
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: expiresIn ? new Date(this.ctx.now().getTime() + expiresIn * 1000) : null,
    };
    await this.ctx.db
      .insert(oidcPayloads)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row });
  }

  private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.ctx.db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition, this.live()))
      .limit(1);
    return payloadOf(row);
  }

  async find(id: string) {
    if (!storable(id)) return undefined;
    const [row] = await findById(this.ctx.db).execute({ model: this.model, id, now: this.ctx.now().toISOString() });
    return payloadOf(row);
  }

  async findByUid(uid: string) {
    return storable(uid) ? this.findWhere(eq(oidcPayloads.uid, uid)) : undefined;
  }

  async findByUserCode(userCode: string) {
    return storable(userCode) ? this.findWhere(eq(oidcPayloads.userCode, userCode)) : undefined;
  }

  async consume(id: string) {
    await this.ctx.db
      .update(oidcPayloads)
      .set({ consumedAt: this.ctx.now() })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  async destroy(id: string) {
    await this.ctx.db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)));
  }

  /** Everything issued under a grant, whatever its model: a reused authorization code or a
   * replayed refresh token takes every token of the grant with it. */
  async revokeByGrantId(grantId: string) {
    await this.ctx.db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
  }
}

/** Clients live in `oidc_clients`, managed by Helios (tenants, the admin console, the command
 * line); the provider only reads them. */
class ClientAdapter implements Adapter {
  constructor(private readonly ctx: Context) {}

  async find(id: string) {
    return storable(id) ? clientMetadata(this.ctx, id) : undefined;
  }

  private readOnly(): never {
    throw new Error('Identity provider clients are managed by Helios, not through the provider');
  }

  async upsert() {
    this.readOnly();
  }

  async findByUid() {
    return undefined;
  }

  async findByUserCode() {
    return undefined;
  }

  async consume() {
    this.readOnly();
  }

  async destroy() {
    this.readOnly();
  }

  async revokeByGrantId() {
    this.readOnly();
  }
}

export function adapterFactory(ctx: Context) {
  return (model: string): Adapter => (model === 'Client' ? new ClientAdapter(ctx) : new PayloadAdapter(ctx, model));
}

/** Removes expired rows; run periodically by every node (the deletes do not conflict). */
export async function sweepExpired(ctx: Context): Promise<void> {
  await ctx.db.delete(oidcPayloads).where(lt(oidcPayloads.expiresAt, ctx.now()));
}
