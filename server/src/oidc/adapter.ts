import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Context } from '../context';
import { type Database, preparedPerDatabase } from '../db/client';
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

/** The provider asks for payloads on every request (client, code, grant, session and token on
 * each exchange, several writes on each refresh), so its statements are prepared once per
 * database. A row is live while it has no expiry or its expiry is after `now`. */
const live = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql.placeholder('now')));
const payloadColumns = { payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt };
const thisPayload = () =>
  and(eq(oidcPayloads.model, sql.placeholder('model')), eq(oidcPayloads.id, sql.placeholder('id')));

/** A live payload of a model by another unique column than its id (`value` placeholder). */
const findLiveBy = (db: Database, column: typeof oidcPayloads.uid | typeof oidcPayloads.userCode, name: string) =>
  db
    .select(payloadColumns)
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, sql.placeholder('model')), eq(column, sql.placeholder('value')), live()))
    .limit(1)
    .prepare(name);

const statements = preparedPerDatabase((db) => ({
  findById: db
    .select(payloadColumns)
    .from(oidcPayloads)
    .where(and(thisPayload(), live()))
    .limit(1)
    .prepare('oidc_payload_by_id'),
  findByUid: findLiveBy(db, oidcPayloads.uid, 'oidc_payload_by_uid'),
  findByUserCode: findLiveBy(db, oidcPayloads.userCode, 'oidc_payload_by_user_code'),
  upsert: db
    .insert(oidcPayloads)
    .values({
      model: sql.placeholder('model'),
      id: sql.placeholder('id'),
      payload: sql.placeholder('payload'),
      grantId: sql.placeholder('grantId'),
      accountId: sql.placeholder('accountId'),
      uid: sql.placeholder('uid'),
      userCode: sql.placeholder('userCode'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .onConflictDoUpdate({
      target: [oidcPayloads.model, oidcPayloads.id],
      set: {
        payload: sql`excluded.payload`,
        grantId: sql`excluded.grant_id`,
        accountId: sql`excluded.account_id`,
        uid: sql`excluded.uid`,
        userCode: sql`excluded.user_code`,
        expiresAt: sql`excluded.expires_at`,
      },
    })
    .prepare('oidc_payload_upsert'),
  // Placeholders in SET go in as SQL, so the time is passed as an ISO string.
  consume: db
    .update(oidcPayloads)
    .set({ consumedAt: sql`${sql.placeholder('now')}` })
    .where(thisPayload())
    .prepare('oidc_payload_consume'),
  destroy: db.delete(oidcPayloads).where(thisPayload()).prepare('oidc_payload_destroy'),
  revokeByGrantId: db
    .delete(oidcPayloads)
    .where(eq(oidcPayloads.grantId, sql.placeholder('grantId')))
    .prepare('oidc_payload_revoke_grant'),
}));

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

  private now() {
    return this.ctx.now().toISOString();
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    // A request parameter the provider keeps (a logout's `state`, say) with a NUL character in it
    // cannot be stored: the request is refused as invalid (400), not failed as a server error.
    if (nulAt(payload)) throw new errors.InvalidRequest('parameters may not contain NUL characters');
    await statements(this.ctx.db).upsert.execute({
      model: this.model,
      id,
      payload,
      grantId: payload.grantId ?? null,
      // Sessions, grants and tokens name their account: what ends with its sign-ins is found by it.
      accountId: payload.accountId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: expiresIn ? new Date(this.ctx.now().getTime() + expiresIn * 1000) : null,
    });
  }

  async find(id: string) {
    if (!storable(id)) return undefined;
    const [row] = await statements(this.ctx.db).findById.execute({ model: this.model, id, now: this.now() });
    return payloadOf(row);
  }

  async findByUid(uid: string) {
    return this.findLiveBy('findByUid', uid);
  }

  async findByUserCode(userCode: string) {
    return this.findLiveBy('findByUserCode', userCode);
  }

  private async findLiveBy(statement: 'findByUid' | 'findByUserCode', value: string) {
    if (!storable(value)) return undefined;
    const [row] = await statements(this.ctx.db)[statement].execute({ model: this.model, value, now: this.now() });
    return payloadOf(row);
  }

  async consume(id: string) {
    await statements(this.ctx.db).consume.execute({ model: this.model, id, now: this.now() });
  }

  async destroy(id: string) {
    await statements(this.ctx.db).destroy.execute({ model: this.model, id });
  }

  /** Everything issued under a grant, whatever its model: a reused authorization code or a
   * replayed refresh token takes every token of the grant with it. */
  async revokeByGrantId(grantId: string) {
    await statements(this.ctx.db).revokeByGrantId.execute({ grantId });
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
