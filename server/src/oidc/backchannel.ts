import { randomUUID } from 'node:crypto';
import { and, inArray, isNotNull } from 'drizzle-orm';
import { importJWK, SignJWT } from 'jose';
import type { Context } from '../context';
import { oidcClients } from '../db/schema';
import { errorForLog } from '../http/errors';
import { currentSigningKey } from './keys';
import type { LogoutNotice } from './session-end';

/**
 * OpenID Connect Back-Channel Logout 1.0: when a session that signed into a client ends, Helios
 * posts a signed logout token to the client's `backchannel_logout_uri`. Deliveries run in
 * parallel and each gives up after `BACKCHANNEL_TIMEOUT_MS`, so a slow or failing client never
 * holds up or fails the person's sign-out; a failure is logged (client and status, never the token).
 */
/** As long as the provider waits for the ones it sends itself (RP-initiated logout). */
export const BACKCHANNEL_TIMEOUT_MS = 2_500;

const EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token is used at once: it is valid for two minutes. */
const LOGOUT_TOKEN_TTL_SECONDS = 120;

/** A logout token for one client and session, signed like the client's ID tokens (RS256). */
async function logoutToken(ctx: Context, clientId: string, sub: string, sid: string): Promise<string> {
  const jwk = currentSigningKey(ctx, 'RS256');
  const now = Math.floor(ctx.now().getTime() / 1000);
  return new SignJWT({ events: { [EVENT]: {} }, sid })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'logout+jwt' })
    .setIssuer(ctx.config.publicUrl)
    .setAudience(clientId)
    .setSubject(sub)
    .setIssuedAt(now)
    .setExpirationTime(now + LOGOUT_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(await importJWK(jwk, 'RS256'));
}

async function deliver(ctx: Context, clientId: string, uri: string, sub: string, sid: string): Promise<void> {
  try {
    const response = await fetch(uri, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logout_token: await logoutToken(ctx, clientId, sub, sid) }),
      signal: AbortSignal.timeout(BACKCHANNEL_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 200 || response.status === 204) return;
    ctx.log.warn({ client_id: clientId, status: response.status }, 'back-channel logout refused by the client');
  } catch (error) {
    ctx.log.warn({ client_id: clientId, err: errorForLog(error) }, 'back-channel logout not delivered');
  }
}

/** Tells every client in `notices` that takes logout tokens that the account's session ended. */
export async function notifyLogout(ctx: Context, accountId: string, notices: LogoutNotice[]): Promise<void> {
  if (notices.length === 0) return;
  try {
    const clientIds = [...new Set(notices.map((notice) => notice.clientId))];
    const clients = await ctx.db
      .select({ clientId: oidcClients.clientId, uri: oidcClients.backchannelLogoutUri })
      .from(oidcClients)
      .where(and(inArray(oidcClients.clientId, clientIds), isNotNull(oidcClients.backchannelLogoutUri)));
    const uris = new Map(clients.map((client) => [client.clientId, client.uri as string]));
    await Promise.all(
      notices.flatMap(({ clientId, sid }) => {
        const uri = uris.get(clientId);
        return uri ? [deliver(ctx, clientId, uri, accountId, sid)] : [];
      }),
    );
  } catch (error) {
    // The sign-out itself has happened; only the notices are lost.
    ctx.log.error({ err: errorForLog(error) }, 'back-channel logout failed');
  }
}
