import type {
  AccessToken,
  Client,
  ClientCredentials,
  JWTStructured,
  KoaContextWithOIDC,
  ResourceServer,
} from 'oidc-provider';
import { errors } from 'oidc-provider';

/** The client metadata that holds an instance's own address (its tenant's URL). The sharing
 * portal's client has none. */
export const INSTANCE_URL_METADATA = 'instance_url';

/** The scopes an access token for an instance's API carries: the OpenID Connect scopes the person
 * granted the instance (`offline_access` concerns the refresh token, not the API). */
export const INSTANCE_API_SCOPE = 'openid email profile';

const API_SCOPES = new Set(INSTANCE_API_SCOPE.split(' '));

/** An address as the URL it parses to, without trailing slashes: `https://a.example.com` and
 * `https://a.example.com/` name the same resource. */
function normalized(address: string): string | null {
  return URL.parse(address)?.href.replace(/\/+$/, '') ?? null;
}

/** Whether a resource indicator names the instance at `instanceUrl` (a client's own address, if it
 * has one): the same absolute URL, a trailing slash aside. */
export function namesInstance(resource: string, instanceUrl: unknown): boolean {
  const wanted = normalized(resource);
  return wanted !== null && typeof instanceUrl === 'string' && wanted === normalized(instanceUrl);
}

/**
 * The resource server a client may ask an access token for (RFC 8707): its own instance's API,
 * named by the instance's address. Any other resource, another instance's included, is refused
 * with `invalid_target`. Tokens for it are JWTs (RFC 9068) signed RS256 with the key that signs
 * ID tokens, living as long as every access token (`ttl.AccessToken`). Their `aud` is always the
 * instance's address as stored, normalised (no trailing slash), whichever form the client sent,
 * so an API can check it exactly.
 */
export function instanceResourceServer(resource: string, client: Client): ResourceServer {
  const instanceUrl = client.metadata()[INSTANCE_URL_METADATA];
  const audience = typeof instanceUrl === 'string' ? normalized(instanceUrl) : null;
  if (audience === null || !namesInstance(resource, instanceUrl)) throw new errors.InvalidTarget();
  return { scope: INSTANCE_API_SCOPE, audience, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } };
}

/** The scopes of a request an instance's API takes, for a grant's resource scopes. */
export function apiScopes(requested: string[]): string[] {
  return requested.filter((scope) => API_SCOPES.has(scope));
}

/** The requested resource indicators of an authorization request (one or several). */
export function requestedResources(resource: unknown): string[] {
  if (typeof resource === 'string') return [resource];
  return Array.isArray(resource) ? resource.filter((value): value is string => typeof value === 'string') : [];
}

/** RFC 9068 §2.2.1: a JWT access token says when and how the person signed in (`auth_time`,
 * `amr`), as the ID token does, and carries the ID token's `sid` for clients whose ID tokens have
 * one (those that take logout tokens). */
export function withAuthenticationClaims(
  octx: KoaContextWithOIDC,
  token: AccessToken | ClientCredentials,
  jwt: JWTStructured,
): void {
  const source = octx.oidc.entities.AuthorizationCode ?? octx.oidc.entities.RefreshToken;
  if (source?.authTime !== undefined) jwt.payload.auth_time = source.authTime;
  if (source?.amr !== undefined) jwt.payload.amr = source.amr;
  if ('sid' in token && token.sid !== undefined) jwt.payload.sid = token.sid;
}
