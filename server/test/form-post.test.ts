import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { follow, instanceWithClient, member, signIn } from './oidc-helpers';

const REDIRECT_URI = 'https://form-post-instance.example.com/callback';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 90_000);

afterAll(async () => {
  await server?.close();
});

/** The sources a policy gives one directive. */
function sourcesOf(policy: string, name: string): string[] {
  const directive = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return directive?.slice(1) ?? [];
}

describe('response_mode=form_post', () => {
  test('is advertised in discovery', async () => {
    const discovery = (await (await fetch(`${server.url}/.well-known/openid-configuration`)).json()) as {
      response_modes_supported: string[];
    };
    expect(discovery.response_modes_supported).toContain('form_post');
  });

  test("its page may post to the client's registered redirect origin, and only there", async () => {
    const { tenant, rp } = await instanceWithClient(server, `formpost${Date.now().toString(36)}`, {
      redirectUri: REDIRECT_URI,
    });
    const person = await member(server, [tenant.id]);
    const browser = server.browser();
    await signIn(browser, person.email);
    const { url } = await rp.authorizationRequest({ response_mode: 'form_post' });
    const landing = await follow(browser, url);
    if (landing.kind !== 'page') throw new Error(`expected the form_post page, got ${landing.kind}`);
    expect(landing.response.status).toBe(200);
    expect(landing.text).toContain(`action="${REDIRECT_URI}"`);
    const policy = landing.response.headers.get('content-security-policy') ?? '';
    expect(sourcesOf(policy, 'form-action').sort()).toEqual(["'self'", 'https://form-post-instance.example.com']);
    // The page's own script, which submits the form, is allowed by its hash; nothing else is.
    expect(sourcesOf(policy, 'script-src')).toEqual(
      expect.arrayContaining(["'self'", expect.stringMatching(/^'sha256-/)]),
    );
    expect(sourcesOf(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });
});
