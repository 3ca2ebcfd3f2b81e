import helmet from '@fastify/helmet';
import { ErrorCode } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { HttpError } from './errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers on every answer, and refusal of cross-site state-changing requests: a
 * browser marks them with `Sec-Fetch-Site: cross-site` or an `Origin` of another site.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
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

  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError(403, ErrorCode.crossSite, 'Cross-site request refused');
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      const own = `${request.protocol}://${request.host}`;
      if (origin !== allowedOrigin && origin !== own)
        throw new HttpError(403, ErrorCode.crossSite, 'Cross-site request refused');
    } else if (origin === 'null') {
      throw new HttpError(403, ErrorCode.crossSite, 'Cross-site request refused');
    }
  });

  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}
