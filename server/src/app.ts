import cookie from '@fastify/cookie';
import { ErrorCode, openApiDocument, routes } from '@helios/api';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerAccountRoutes } from './account/routes';
import { registerAccountAdminRoutes } from './accounts/admin-routes';
import { registerClavisRoutes } from './clavis/routes';
import type { Context } from './context';
import { ping } from './db/client';
import { HttpError } from './http/errors';
import { registerSecurity } from './http/security';
import { registerInvoiceRoutes } from './invoice/routes';
import { registerLoginRoutes } from './login/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerResetRoutes } from './reset/routes';
import { StoreUnavailableError } from './store/store';
import { registerTenantRoutes } from './tenants/routes';
import { SettingsCache } from './tenants/settings-cache';
import { registerSettingsRoutes } from './tenants/settings-routes';
import { registerTokenRoutes } from './tokens/routes';
import { registerWebApps, type WebApp } from './web/static';

/** Query parameters and path parts that carry secrets; masked wherever a URL is logged. */
const SECRET_QUERY = /([?&](?:session_id|token|code|otp|clavis|state|password)=)[^&#]*/gi;
const SECRET_PATH = /(\/set-password\/)[^/?#]+/;

export function maskUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1***').replace(SECRET_PATH, '$1***');
}

export const BODY_LIMIT = 64 * 1024;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.otp',
        '*.totp_code',
        '*.token',
        '*.clavis',
      ],
      censor: '***',
    },
    serializers: {
      req: (request) => ({ method: request.method, url: maskUrl(request.url), remoteAddress: request.ip }),
    },
  };
}

function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code ?? '');
}

/** The HTTP application over a built context. Routes are registered by domain. */
export async function buildApp(ctx: Context, options: { web?: WebApp[] | false } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
  });

  await app.register(cookie);
  await registerSecurity(app, ctx.config);

  app.setErrorHandler((error, request, reply) => {
    let http: HttpError;
    if (error instanceof HttpError) http = error;
    else if (error instanceof StoreUnavailableError || isDatabaseDown(error)) {
      request.log.warn({ err: { message: (error as Error).message } }, 'dependency unavailable');
      http = new HttpError(503, ErrorCode.serviceUnavailable, 'Service temporarily unavailable, try again shortly', {
        'retry-after': '5',
      });
    } else {
      const e = error as { code?: string; statusCode?: number; message?: string };
      const status = e.statusCode ?? 500;
      if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        http = new HttpError(413, ErrorCode.bodyTooLarge, 'Request body too large');
      else if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
        http = new HttpError(415, ErrorCode.unsupportedMediaType, 'Send JSON (application/json)');
      else if (
        status === 400 &&
        (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError || e.code?.startsWith('FST_ERR_CTP'))
      )
        http = new HttpError(400, ErrorCode.malformedJson, 'Malformed JSON body');
      else if (status >= 400 && status < 500)
        http = new HttpError(status, ErrorCode.validation, e.message ?? 'Bad request');
      else {
        request.log.error({ err: error }, 'unhandled error');
        http = new HttpError(500, ErrorCode.internal, 'Unexpected error');
      }
    }
    return reply.code(http.status).headers(http.headers).send(http.body());
  });

  const pageFallback = options.web === false ? null : await registerWebApps(app, options.web);
  app.setNotFoundHandler((request, reply) => {
    const page = pageFallback?.(request.url.split('?')[0] ?? '/', request.method, request.headers.accept, reply);
    if (page) return page;
    return reply
      .code(404)
      .send(new HttpError(404, ErrorCode.notFound, `No route ${request.method} ${maskUrl(request.url)}`).body());
  });

  app.get('/health', async (_request, reply) => {
    try {
      await Promise.all([ping(ctx.db), ctx.store.ping()]);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  app.get('/openapi.json', async () => openApiDocument(routes));

  registerLoginRoutes(app, ctx);
  registerResetRoutes(app, ctx);
  registerAccountRoutes(app, ctx);

  const settingsCache = new SettingsCache(ctx);
  await settingsCache.listen();
  registerAccountAdminRoutes(app, ctx);
  registerTenantRoutes(app, ctx, settingsCache);
  registerSettingsRoutes(app, ctx, settingsCache);
  registerInvoiceRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerTokenRoutes(app, ctx);
  registerClavisRoutes(app, ctx);
  return app;
}
