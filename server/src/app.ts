import type { Duplex } from 'node:stream';
import cookie from '@fastify/cookie';
import { ErrorCode, openApiDocument, routes } from '@helios/api';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { registerAccountRoutes } from './account/routes';
import { registerAccountAdminRoutes } from './accounts/admin-routes';
import { registerAuditAdminRoutes } from './audit/admin-routes';
import { registerOwnAuditRoutes } from './audit/own-routes';
import { registerClavisRoutes } from './clavis/routes';
import type { Context } from './context';
import { ping } from './db/client';
import { isDatabaseDown } from './db/unavailable';
import { registerFederationRoutes } from './federation/routes';
import { lazyRequestLog, maskUrl, OneLinePerRequest, requestSerializers } from './http/access-log';
import { errorForLog, HttpError } from './http/errors';
import { guardScope, trackRouteGuards } from './http/routes';
import { apiHeaders, pageHeaders, registerSecurity } from './http/security';
import { registerInvoiceRoutes } from './invoice/routes';
import { registerLoginRoutes } from './login/routes';
import { registerNotificationRoutes } from './notifications/routes';
import { registerOidcProvider } from './oidc/provider';
import { registerRecoveryCodeRoutes } from './recovery/routes';
import { registerResetRoutes } from './reset/routes';
import { registerReauthRoutes } from './session/reauth-routes';
import { registerSessionRoutes } from './session/routes';
import { StoreUnavailableError } from './store/store';
import { registerTenantRoutes } from './tenants/routes';
import { SettingsCache } from './tenants/settings-cache';
import { registerSettingsRoutes } from './tenants/settings-routes';
import { registerTokenRoutes } from './tokens/routes';
import { registerWebApps, type WebApp } from './web/static';
import { registerPasskeyRoutes } from './webauthn/passkey-routes';
import { registerWebauthnRoutes } from './webauthn/routes';

export const BODY_LIMIT = 64 * 1024;

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        // Top level and one level down (a logged body, say).
        'password',
        'otp',
        'totp_code',
        'token',
        'clavis',
        '*.password',
        '*.otp',
        '*.totp_code',
        '*.token',
        '*.clavis',
      ],
      censor: '***',
    },
    serializers: requestSerializers,
  };
}

/** A request the HTTP parser refuses (headers too large, not HTTP at all) never reaches the
 * app: answered here on the socket, in the contract's error shape. */
function answerClientError(secure: boolean) {
  return (error: Error & { code?: string }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout', 'Request timed out']
          : [400, 'Bad Request', 'Malformed request'];
    const body = JSON.stringify(new HttpError(status, ErrorCode.validation, message).body());
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...apiHeaders(secure),
      connection: 'close',
    };
    if (socket.writable)
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('')}\r\n${body}`,
      );
    socket.destroy(error);
  };
}

/** The HTTP application over a built context. Routes are registered by domain. */
export async function buildApp(ctx: Context, options: { web?: WebApp[] | false } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: BODY_LIMIT,
    trustProxy: ctx.config.trustProxy,
    // An address the router cannot read (broken percent-encoding, a path part over the length
    // limit) answers in the contract's error shape too, not in Fastify's own.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const http = tooLong
        ? new HttpError(414, ErrorCode.validation, 'Address too long')
        : new HttpError(400, ErrorCode.validation, 'Malformed address');
      return (reply as FastifyReply).code(http.status).headers(apiHeaders(ctx.config.secure)).send(http.body());
    },
    clientErrorHandler: answerClientError(ctx.config.secure),
    logController: new OneLinePerRequest(ctx.log),
    childLoggerFactory: lazyRequestLog,
  });
  trackRouteGuards(app);

  // Cookies are parsed when a route reads them (`requestCookies`), not on every request.
  await app.register(cookie, { hook: false });
  const security = registerSecurity(app, ctx.config);

  app.setErrorHandler((error, request, reply) => {
    let http: HttpError;
    if (error instanceof HttpError) http = error;
    else if (error instanceof StoreUnavailableError || isDatabaseDown(error)) {
      request.log.warn({ err: errorForLog(error) }, 'dependency unavailable');
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
        request.log.error({ err: errorForLog(error, { stack: true }) }, 'unhandled error');
        http = new HttpError(500, ErrorCode.internal, 'Unexpected error');
      }
    }
    return reply.code(http.status).headers(http.headers).send(http.body());
  });

  // The apps' pages and files are public: the API calls they make are guarded.
  const web = options.web;
  const pageFallback = web === false ? null : await guardScope(app, 'public', (scope) => registerWebApps(scope, web));
  // No route, so no route's hook: the API's headers, or a page's when the answer is an app's
  // page; a request to another host or a cross-site state change is refused as anywhere else.
  const notFoundHeaders = { json: apiHeaders(ctx.config.secure), page: pageHeaders(ctx.config.secure) };
  // An address under the portal app's folder reaches this handler through the app's static files
  // route, whose hook gave it a page's headers: those only a page has are taken off again.
  const pageOnlyHeaders = Object.keys(notFoundHeaders.page).filter((name) => !(name in notFoundHeaders.json));
  const jsonAnswer = (reply: FastifyReply) => {
    for (const name of pageOnlyHeaders) reply.removeHeader(name);
    reply.headers(notFoundHeaders.json);
  };
  // In a scope of its own, so its hook runs for addresses without a route only: a cross-site
  // state change is refused there before its body is read, as on every route (a body that is
  // not JSON, or one over the limit, would otherwise answer 400 or 413 first). An address that
  // reaches the handler from the static files route was checked by that route's hook.
  await app.register(async (scope) => {
    scope.addHook('onRequest', (request, reply, done) => {
      jsonAnswer(reply);
      done(security.refusal(request));
    });
    scope.setNotFoundHandler((request, reply) => {
      jsonAnswer(reply);
      const url = request.url.split('?')[0] ?? '/';
      const page = pageFallback?.(url, request.method, request.headers.accept, reply, notFoundHeaders.page);
      if (page) return page;
      return reply
        .code(404)
        .send(new HttpError(404, ErrorCode.notFound, `No route ${request.method} ${maskUrl(request.url)}`).body());
    });
  });

  app.get('/health', { config: { jsonOnly: true, guard: 'public', anyHost: true } }, async (_request, reply) => {
    try {
      await Promise.all([ping(ctx.db), ctx.store.ping()]);
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
  app.get('/openapi.json', { config: { jsonOnly: true, guard: 'public' } }, async () => openApiDocument(routes));

  registerLoginRoutes(app, ctx);
  registerResetRoutes(app, ctx);
  registerAccountRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerFederationRoutes(app, ctx);
  registerWebauthnRoutes(app, ctx);
  registerPasskeyRoutes(app, ctx);
  registerReauthRoutes(app, ctx);
  registerRecoveryCodeRoutes(app, ctx);
  registerOwnAuditRoutes(app, ctx);
  await registerOidcProvider(app, ctx);

  const settingsCache = new SettingsCache(ctx);
  await settingsCache.listen();
  registerAccountAdminRoutes(app, ctx);
  registerTenantRoutes(app, ctx, settingsCache);
  registerSettingsRoutes(app, ctx, settingsCache);
  registerInvoiceRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerTokenRoutes(app, ctx);
  registerClavisRoutes(app, ctx);
  registerAuditAdminRoutes(app, ctx);
  return app;
}
