import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ErrorCode } from '@helios/api';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { HttpError } from './errors';

/** The headers Helmet sets with these options, read once from a response that is never sent. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let failure: unknown;
  helmet(options)(response.req, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers JSON (every route of the contract): it carries the API's headers, not
     * a page's. One that answers a page now and then sends it with `sendPage`. */
    jsonOnly?: boolean;
    /** The route answers whatever host a request names: load balancers check health by address. */
    anyHost?: boolean;
  }
}

/** The hosts requests may name and the origins state changes may come from, all from the
 * configuration: PUBLIC_URL's, then ALLOWED_HOSTS' at PUBLIC_URL's protocol. A host without a
 * port is also accepted with the protocol's default port written out. */
function siteOf(config: Pick<Config, 'publicUrl' | 'allowedHosts'>) {
  const { protocol, host } = new URL(config.publicUrl);
  const defaultPort = protocol === 'https:' ? '443' : '80';
  const hosts = new Set<string>();
  const origins = new Set<string>();
  for (const name of [host, ...config.allowedHosts]) {
    const normal = new URL(`${protocol}//${name}`).host;
    hosts.add(normal);
    if (!/:\d+$/.test(normal)) hosts.add(`${normal}:${defaultPort}`);
    origins.add(`${protocol}//${normal}`);
  }
  return { hosts, origins };
}

/**
 * The headers of an answer that is never a page (JSON, a redirect, an error before any route):
 * nothing in it may run, load anything, be framed, be sniffed, be sent on as a referrer or be
 * cached. A page's policy (Helmet's, below) adds what only a document uses — what it may load,
 * how it opens windows, DNS prefetching, old browsers' XSS filter — and is twice the bytes.
 */
export function apiHeaders(secure: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'cache-control': 'no-store',
  };
}

const pageHeaderSets = new Map<boolean, Record<string, string>>();

/** The headers of a page (HTML): Helmet's, worked out once (the Fastify plugin rebuilds Helmet
 * for every request), and no caching unless the route says otherwise (static assets do). */
export function pageHeaders(secure: boolean): Record<string, string> {
  let headers = pageHeaderSets.get(secure);
  if (!headers) {
    headers = {
      ...helmetHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            'script-src': ["'self'"],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'https:'],
            'font-src': ["'self'"],
            'connect-src': ["'self'"],
            'form-action': ["'self'"],
            'frame-ancestors': ["'none'"],
            'base-uri': ["'none'"],
            'object-src': ["'none'"],
          },
        },
        // Reset links carry their token in the path: never send it onwards as a referrer.
        referrerPolicy: { policy: 'no-referrer' },
        strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        crossOriginEmbedderPolicy: false,
      }),
      'cache-control': 'no-store',
    };
    pageHeaderSets.set(secure, headers);
  }
  return headers;
}

/** Answers a page from a route of the contract (whose answers are otherwise JSON): with a
 * page's headers in place of the API's. */
export function sendPage(reply: FastifyReply, status: number, html: string, secure: boolean) {
  return reply.code(status).headers(pageHeaders(secure)).type('text/html; charset=utf-8').send(html);
}

/**
 * Security headers on every answer; refusal of requests to a host this server is not (except on
 * `anyHost` routes) and of cross-site state-changing requests: a browser marks them with `Sec-Fetch-Site: cross-site` or an `Origin` of another site. Each
 * route gets its headers when it is registered (`jsonOnly` routes the API's, every other route a
 * page's), so a request pays for one hook and no choice. Answers that reach no route (not found)
 * set their headers and use `refusal` themselves.
 */
export function registerSecurity(app: FastifyInstance, config: Config) {
  const jsonHeaders = apiHeaders(config.secure);
  const documentHeaders = pageHeaders(config.secure);
  // Worked out again only when the configured addresses change: a server told to listen on
  // port 0 learns its public address once it listens.
  let site = siteOf(config);
  let siteFor = { publicUrl: config.publicUrl, allowedHosts: config.allowedHosts };
  const currentSite = () => {
    if (siteFor.publicUrl !== config.publicUrl || siteFor.allowedHosts !== config.allowedHosts) {
      site = siteOf(config);
      siteFor = { publicUrl: config.publicUrl, allowedHosts: config.allowedHosts };
    }
    return site;
  };

  /** Whether a state-changing request comes from another site: the configured origins count,
   * never one made of what the request says its own host is. */
  function crossSite(request: FastifyRequest): boolean {
    if (!UNSAFE_METHODS.has(request.method)) return false;
    if (request.headers['sec-fetch-site'] === 'cross-site') return true;
    const origin = request.headers.origin;
    if (origin === 'null') return true;
    return Boolean(origin && !currentSite().origins.has(origin));
  }

  /** The refusal of a request to a host this server is not (Host, or the forwarded host where
   * TRUST_PROXY believes the proxy), or of a cross-site state change; nothing for any other. */
  const refusal = (request: FastifyRequest, anyHost = false) => {
    if (!anyHost && !currentSite().hosts.has(request.host?.toLowerCase() ?? ''))
      return new HttpError(400, ErrorCode.validation, 'Unknown host');
    return crossSite(request) ? new HttpError(403, ErrorCode.crossSite, 'Cross-site request refused') : undefined;
  };

  /** One synchronous hook: the headers first, so a refusal carries them too. */
  const guard =
    (set: Record<string, string>, anyHost: boolean): onRequestHookHandler =>
    (request, reply, done) => {
      reply.headers(set);
      done(refusal(request, anyHost));
    };
  const guards = {
    json: guard(jsonHeaders, false),
    page: guard(documentHeaders, false),
    jsonAnyHost: guard(jsonHeaders, true),
    pageAnyHost: guard(documentHeaders, true),
  };
  const hooks = (existing: RouteOptions['onRequest']) => (existing ? [existing].flat() : []);

  app.addHook('onRoute', (route) => {
    const json = route.config?.jsonOnly;
    const chosen = route.config?.anyHost
      ? json
        ? guards.jsonAnyHost
        : guards.pageAnyHost
      : json
        ? guards.json
        : guards.page;
    route.onRequest = [chosen, ...hooks(route.onRequest)];
  });
  return { refusal };
}
