import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { ErrorCode } from '@helios/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Security headers on every answer, and refusal of cross-site state-changing requests: a
 * browser marks them with `Sec-Fetch-Site: cross-site` or an `Origin` of another site.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // Helmet's headers are worked out once here and added to every answer (the Fastify plugin
  // rebuilds Helmet for every request, which was a tenth of the CPU of a session check).
  const headers = helmetHeaders({
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
    strictTransportSecurity: config.secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Answers are not stored by caches unless their route says otherwise (static assets do).
  const defaults = { ...headers, 'cache-control': 'no-store' };
  const allowedOrigin = new URL(config.publicUrl).origin;

  /** Whether a state-changing request comes from another site. */
  function crossSite(request: FastifyRequest): boolean {
    if (!UNSAFE_METHODS.has(request.method)) return false;
    if (request.headers['sec-fetch-site'] === 'cross-site') return true;
    const origin = request.headers.origin;
    if (origin === 'null') return true;
    return Boolean(origin && origin !== allowedOrigin && origin !== `${request.protocol}://${request.host}`);
  }

  // One synchronous hook: the headers first, so a refusal carries them too.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(defaults);
    done(crossSite(request) ? new HttpError(403, ErrorCode.crossSite, 'Cross-site request refused') : undefined);
  });
}
