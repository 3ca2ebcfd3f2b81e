import { createHash, randomBytes } from 'node:crypto';
import { instanceClient, rotateClientSecret } from '../src/oidc/clients';
import { createAccount, createTenant, PASSWORD } from '../test/fixtures';
import { Browser } from '../test/harness';
import type { Measured } from './http';
import { type BenchServer, type LoadGenerator, profiled, signInCookie, withCpu } from './lib';
import type { Rate } from './load';

export type TokenFigures = { exchange: Measured[]; refresh: Measured[]; codesPrepared: number; prepareMs: number };

/** Codes for one round: an authorization code lives a minute, so a round prepares at most this
 * many, for at most this long, leaving time to exchange them all. */
const CODES_PER_ROUND = 400;
const PREPARE_MS = 20_000;
/** Codes exchanged, unmeasured, before the first round. */
const WARM_CODES = 200;

type Instance = { clientId: string; redirectUri: string; authorization: string };

/** A tenant with its instance client (secret known), and a member signed in to Helios in a
 * cookie-keeping client, as a browser would be. */
export async function instanceAndMember(server: BenchServer): Promise<{ instance: Instance; browser: Browser }> {
  const ctx = server.running.ctx;
  const tenant = await createTenant(ctx, `bench${randomBytes(3).toString('hex')}`);
  const client = await instanceClient(ctx, tenant);
  const secret = await rotateClientSecret(ctx, client.client_id);
  const member = await createAccount(ctx, { password: PASSWORD, tenants: [{ id: tenant.id }] });
  const browser = new Browser(server.url);
  const [name, value] = (await signInCookie(server.url, member.email, PASSWORD)).split('=') as [string, string];
  browser.cookies.set(name, value);
  const basic = `${encodeURIComponent(client.client_id)}:${encodeURIComponent(secret)}`;
  return {
    instance: {
      clientId: client.client_id,
      redirectUri: client.redirect_uris[0] as string,
      authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
    },
    browser,
  };
}

/** One authorization request with PKCE, followed through Helios's redirects like a browser,
 * up to the redirect back to the instance; answers the code and its verifier. */
export async function authorize(server: BenchServer, browser: Browser, instance: Instance) {
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    client_id: instance.clientId,
    redirect_uri: instance.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state: randomBytes(8).toString('base64url'),
    nonce: randomBytes(8).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  let url = new URL(`/oauth2/authorize?${query}`, server.url);
  for (let hop = 0; hop < 10; hop++) {
    const response = await browser.fetch(url, { redirect: 'manual', headers: { accept: 'text/html' } });
    await response.arrayBuffer();
    const location = response.headers.get('location');
    if (!location) throw new Error(`authorization stopped at ${url.pathname} with ${response.status}`);
    url = new URL(location, url);
    if (url.origin !== server.url) {
      const code = url.searchParams.get('code');
      if (!code) throw new Error(`no code in the redirect back: ${url.search}`);
      return { code, verifier };
    }
  }
  throw new Error('too many redirects');
}

/**
 * The OIDC token endpoint with a real instance client: codes are made first through the
 * authorization flow of a signed-in member (not measured), then exchanged `concurrency` at a time
 * (measured); refreshes follow one grant per loop, each with the token the last one answered.
 */
export async function tokenBench(
  server: BenchServer,
  load: LoadGenerator,
  options: { seconds: number; rounds: number; concurrency: number },
): Promise<TokenFigures> {
  const { instance, browser } = await instanceAndMember(server);
  const tokenUrl = `${server.url}/oauth2/token`;
  const figures: TokenFigures = { exchange: [], refresh: [], codesPrepared: 0, prepareMs: 0 };
  const prepare = async (count: number) => {
    const started = performance.now();
    // The first request signs in to the provider through an interaction; later ones find its
    // session and come straight back, a few in flight.
    const codes = [await authorize(server, browser, instance)];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (codes.length < count && performance.now() - started < PREPARE_MS)
          codes.push(await authorize(server, browser, instance));
      }),
    );
    return { codes, ms: performance.now() - started };
  };
  const exchange = (codes: { code: string; verifier: string }[]) =>
    load.run<Rate & { refreshTokens: string[] }>({
      kind: 'exchange',
      tokenUrl,
      authorization: instance.authorization,
      redirectUri: instance.redirectUri,
      codes,
      concurrency: options.concurrency,
    });
  const refresh = (refreshTokens: string[], seconds: number) => {
    if (refreshTokens.length < options.concurrency) throw new Error('too few refresh tokens to refresh with');
    return load.run<Rate>({
      kind: 'refresh',
      tokenUrl,
      authorization: instance.authorization,
      refreshTokens: refreshTokens.slice(0, options.concurrency),
      seconds,
    });
  };
  // Both grants are warmed first, unmeasured, as the HTTP targets are: the first exchanges of a
  // process run the token endpoint's code before V8 has optimized it, which read about a fifth
  // fewer exchanges a second in the first round than in the next.
  const warm = await exchange((await prepare(WARM_CODES)).codes);
  await refresh(warm.refreshTokens, 1);
  for (let round = 0; round < options.rounds; round++) {
    const { codes, ms } = await prepare(CODES_PER_ROUND);
    figures.prepareMs += ms;
    figures.codesPrepared += codes.length;
    const { refreshTokens, ...rate } = await profiled(`exchange-${round}`, () => withCpu(() => exchange(codes)));
    figures.exchange.push(rate);
    figures.refresh.push(
      await profiled(`refresh-${round}`, () => withCpu(() => refresh(refreshTokens, options.seconds))),
    );
  }
  return figures;
}
