import type { FastifyRequest } from 'fastify';
import type { Context } from '../context';
import { errors } from '../http/errors';
import { safeEqual } from '../security/tokens';

/**
 * Instances read their settings and notifications with the shared INSTANCE_API_KEY as a bearer
 * token. Without a configured key these endpoints do not exist (404), so nothing is readable
 * by someone who merely knows a tenant's slug.
 */
export function requireInstance(ctx: Context, request: FastifyRequest): void {
  const key = ctx.config.instanceApiKey;
  if (!key) throw errors.notFound('The instance API is not enabled (set INSTANCE_API_KEY)');
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  if (!safeEqual(given, key)) throw errors.unauthenticated();
}
