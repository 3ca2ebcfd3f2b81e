import type { RouteContract } from '@helios/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AccountRow, findAccount } from '../accounts/repository';
import type { Context } from '../context';
import { currentSession } from '../session/portal-session';
import { errors } from './errors';
import { type Input, register } from './routes';

/** The account of the portal session, read fresh from the database on every call (a revoked
 * admin or a deleted account loses access at once), or 401. */
export async function signedInAccount(ctx: Context, request: FastifyRequest): Promise<AccountRow> {
  const session = await currentSession(ctx, request);
  const account = session ? await findAccount(ctx.db, session.accountId) : null;
  if (!account) throw errors.unauthenticated();
  return account;
}

/** A signed-in platform admin, or 401 (signed out) / 403 (anyone else). */
export async function adminAccount(ctx: Context, request: FastifyRequest): Promise<AccountRow> {
  const account = await signedInAccount(ctx, request);
  if (!account.isAdmin) throw errors.forbidden();
  return account;
}

export type AdminCall = { admin: AccountRow; request: FastifyRequest; reply: FastifyReply };
export type AdminHandler<R extends RouteContract> = (input: Input<R>, call: AdminCall) => Promise<unknown>;

const admins = new WeakMap<FastifyRequest, AccountRow>();

/** Registers an admin route of the contract behind the one admin guard: the check runs on the
 * server for every call, before the input is even parsed. */
export function registerAdmin<R extends RouteContract & { auth: 'admin' }>(
  app: FastifyInstance,
  ctx: Context,
  route: R,
  handler: AdminHandler<R>,
): void {
  register(
    app,
    route,
    (input, request, reply) => {
      const admin = admins.get(request);
      if (!admin) throw errors.forbidden();
      return handler(input, { admin, request, reply });
    },
    async (request) => {
      admins.set(request, await adminAccount(ctx, request));
    },
  );
}
