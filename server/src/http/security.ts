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
  }
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
 * for every request, which was a tenth of the CPU of a session check), and no caching unless
 * the route says otherwise (static assets do). */
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
 * Security headers on every answer, and refusal of cross-site state-changing requests: a
 * browser marks them with `Sec-Fetch-Site: cross-site` or an `Origin` of another site. Each
 * route gets its headers when it is registered (`jsonOnly` routes the API's, every other route a
 * page's), so a request pays for one hook and no choice. Answers that reach no route (not found)
 * set their headers and use `crossSiteRefusal` themselves.
 */
export function registerSecurity(app: FastifyInstance, config: Config) {
  const jsonHeaders = apiHeaders(config.secure);
  const documentHeaders = pageHeaders(config.secure);
  const allowedOrigin = new URL(config.publicUrl).origin;

  /** Whether a state-changing request comes from another site. */
  function crossSite(request: FastifyRequest): boolean {
    if (!UNSAFE_METHODS.has(request.method)) return false;
    if (request.headers['sec-fetch-site'] === 'cross-site') return true;
    const origin = request.headers.origin;
    if (origin === 'null') return true;
    return Boolean(origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`);
  }

  /** The refusal of a cross-site state change, or nothing for any other request. */
  const crossSiteRefusal = (request: FastifyRequest) =>
    crossSite(request) ? new HttpError(403, ErrorCode.crossSite, 'Cross-site request refused') : undefined;

  /** One synchronous hook: the headers first, so a refusal carries them too. */
  const guard =
    (set: Record<string, string>): onRequestHookHandler =>
    (request, reply, done) => {
      reply.headers(set);
      done(crossSiteRefusal(request));
    };
  const guards = { json: guard(jsonHeaders), page: guard(documentHeaders) };
  const hooks = (existing: RouteOptions['onRequest']) => (existing ? [existing].flat() : []);

  app.addHook('onRoute', (route) => {
    route.onRequest = [route.config?.jsonOnly ? guards.json : guards.page, ...hooks(route.onRequest)];
  });
  return { crossSiteRefusal };
}
