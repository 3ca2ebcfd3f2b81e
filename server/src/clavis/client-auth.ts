import { ErrorCode } from '@helios/api';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { oidcClients } from '../db/schema';
import { HttpError } from '../http/errors';
import { safeEqual } from '../security/tokens';

const refused = () =>
  new HttpError(401, ErrorCode.unauthenticated, "Authenticate with the instance's client id and secret (HTTP Basic)", {
    'www-authenticate': 'Basic realm="helios", charset="UTF-8"',
  });

/** The client id and secret of an `Authorization: Basic` header, each form-urlencoded before
 * encoding as OAuth 2.0 asks of clients (RFC 6749 §2.3.1), or null. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const encoded = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header ?? '')?.[1];
  if (!encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  const form = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));
  try {
    return { id: form(decoded.slice(0, colon)), secret: form(decoded.slice(colon + 1)) };
  } catch {
    return null;
  }
}

/** The tenant whose instance made the request, proven by its own OIDC client id and secret; 401
 * for anything else (no or malformed credentials, an unknown client, a wrong secret, a client
 * that is no tenant's instance). */
export async function instanceTenantOf(ctx: Context, request: FastifyRequest): Promise<string> {
  const given = basicCredentials(request.headers.authorization);
  if (!given || given.id.length > 200) throw refused();
  const [client] = await ctx.db.select().from(oidcClients).where(eq(oidcClients.clientId, given.id)).limit(1);
  if (!client?.tenantId || !safeEqual(given.secret, ctx.secrets.open(client.secretSealed))) throw refused();
  return client.tenantId;
}
