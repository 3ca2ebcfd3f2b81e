import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';
import type { Context } from '../context';
import { signedIn } from '../http/auth';
import type { CurrentSession, PortalSession } from '../session/portal-session';

/**
 * How the identity provider and the Helios sign-in meet: the provider's own session follows the
 * portal session (`helios_session`), so signing out of Helios, or in as someone else, ends
 * single sign-on for every instance too.
 */

/** The Fastify request behind each raw request handed to the provider (its parsed cookies). */
const fastifyRequests = new WeakMap<IncomingMessage, FastifyRequest>();
const portalSessions = new WeakMap<IncomingMessage, Promise<CurrentSession | null>>();

export function rememberRequest(request: FastifyRequest): void {
  fastifyRequests.set(request.raw, request);
}

export function fastifyRequestOf(raw: IncomingMessage): FastifyRequest | undefined {
  return fastifyRequests.get(raw);
}

/** The portal session of a request the provider is handling, read once per request: null when
 * there is none, or an account-wide ending has ended it (`signedIn`). */
export function portalSessionOf(ctx: Context, raw: IncomingMessage): Promise<CurrentSession | null> {
  let session = portalSessions.get(raw);
  if (!session) {
    const request = fastifyRequests.get(raw);
    session = request ? signedIn(ctx, request).then((found) => found?.session ?? null) : Promise.resolve(null);
    portalSessions.set(raw, session);
  }
  return session;
}

/** When the person signed in to Helios, in milliseconds. */
export const signedInAt = (session: PortalSession) => Date.parse(session.createdAt);

export const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/** Interactions begin to the millisecond (the provider's own record keeps whole seconds), so a
 * sign-in made just before an interaction is never taken for one made after it. */
const beganKey = (uid: string) => `oidc-interaction-began:${uid}`;

export async function recordInteractionStart(ctx: Context, uid: string, at: number, ttlMs: number) {
  await ctx.store.set(beganKey(uid), String(at), ttlMs);
}

export async function interactionBegan(ctx: Context, uid: string): Promise<number | null> {
  const value = await ctx.store.get(beganKey(uid));
  return value === null ? null : Number(value);
}

/** Whether a portal session was made after an interaction began; false for an unknown (or
 * expired) interaction. The login page's `ping` uses it when an instance asked for a fresh
 * sign-in. */
export async function signedInSince(ctx: Context, session: PortalSession, uid: string): Promise<boolean> {
  const began = await interactionBegan(ctx, uid);
  return began !== null && signedInAt(session) > began;
}

/**
 * A check of the provider's `login` prompt: sign-in is needed again when the portal session is
 * gone, belongs to another account, or is newer than the provider session's sign-in (the person
 * signed in again). With `prompt=none` the answer is then `login_required`.
 */
export function portalSessionCheck(ctx: Context) {
  return new interactionPolicy.Check(
    'helios_session',
    'the Helios sign-in has ended or changed',
    'login_required',
    async (octx: KoaContextWithOIDC) => {
      const provider = octx.oidc.session;
      // Without a provider session the `no_session` check already asks for sign-in.
      if (!provider?.accountId) return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      const portal = await portalSessionOf(ctx, octx.req);
      if (!portal || portal.accountId !== provider.accountId) return interactionPolicy.Check.REQUEST_PROMPT;
      return epochSeconds(signedInAt(portal)) > (provider.loginTs ?? 0)
        ? interactionPolicy.Check.REQUEST_PROMPT
        : interactionPolicy.Check.NO_NEED_TO_PROMPT;
    },
  );
}
