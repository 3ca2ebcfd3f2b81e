import { expect } from 'vitest';
import type { TestServer } from './harness';
import { instanceWithClient } from './oidc-helpers';
import type { RelyingParty } from './relying-party';

/** A tenant instance with its own client, as the token tests use it. */
export type Instance = { rp: RelyingParty; clientId: string; secret: string; tenantId: string; url: string };
export type Tokens = { access_token: string; refresh_token?: string };

/**
 * What an instance does with its tokens — userinfo with the access token, `grant_type=refresh_token`
 * with its client credentials — and the two outcomes the session tests expect of them. `server`
 * is read when called (test files start theirs in `beforeAll`).
 */
export function instanceTokens(server: () => TestServer) {
  let made = 0;

  async function instance(prefix = 'tokens'): Promise<Instance> {
    const slug = `${prefix}${++made}${Math.random().toString(36).slice(2, 7)}`;
    const { tenant, rp, secret } = await instanceWithClient(server(), slug);
    return { rp, clientId: tenant.id, secret, tenantId: tenant.id, url: tenant.url };
  }

  /** GET /oauth2/userinfo with the access token: its status. */
  async function userinfoStatus(accessToken: string): Promise<number> {
    const response = await fetch(`${server().url}/oauth2/userinfo`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await response.body?.cancel();
    return response.status;
  }

  /** grant_type=refresh_token as the instance sends it (with `parameters` such as `resource`):
   * the status, the error, the new tokens. */
  async function refresh(
    client: Pick<Instance, 'clientId' | 'secret'>,
    refreshToken: string,
    parameters: Record<string, string> = {},
  ) {
    const response = await fetch(`${server().url}/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ ...parameters, grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    const body = (await response.json()) as { error?: string; refresh_token?: string; access_token?: string };
    return {
      status: response.status,
      error: body.error,
      refreshToken: body.refresh_token,
      accessToken: body.access_token,
    };
  }

  /** The tokens still work: userinfo answers and a refresh gives a new refresh token. */
  async function expectLive(client: Instance, tokens: Tokens) {
    expect(await userinfoStatus(tokens.access_token)).toBe(200);
    const refreshed = await refresh(client, tokens.refresh_token as string);
    expect(refreshed.status).toBe(200);
    tokens.refresh_token = refreshed.refreshToken;
  }

  /** The tokens are ended: userinfo 401, the refresh token `invalid_grant`. */
  async function expectEnded(client: Instance, tokens: Tokens) {
    expect(await userinfoStatus(tokens.access_token)).toBe(401);
    expect(await refresh(client, tokens.refresh_token as string)).toMatchObject({
      status: 400,
      error: 'invalid_grant',
    });
  }

  return { instance, userinfoStatus, refresh, expectLive, expectEnded };
}
