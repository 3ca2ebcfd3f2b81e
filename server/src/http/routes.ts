import { ErrorCode, type RouteContract } from '@helios/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { errors, HttpError } from './errors';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type Input<R extends RouteContract> = {
  body: Parsed<R['body']>;
  query: Parsed<R['query']>;
  params: Parsed<R['params']>;
};

export type Handler<R extends RouteContract> = (
  input: Input<R>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

/** Where a NUL character hides in parsed input (keys included), or null. PostgreSQL text cannot
 * hold one, so such input can never be stored or matched: it is refused like any other misfit. */
export function nulAt(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulAt(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

function validate(schema: z.ZodType | undefined, value: unknown, where: string) {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) {
    const nul = nulAt(result.data);
    if (!nul) return result.data;
    const msg = `${[where, ...nul].join('.')}: Text may not contain NUL characters`;
    throw new HttpError(422, ErrorCode.validation, `Invalid ${where}`, {}, [{ type: ErrorCode.validation, msg }]);
  }
  const details = result.error.issues.map((issue) => ({
    type: ErrorCode.validation,
    msg: `${[where, ...issue.path].join('.')}: ${issue.message}`,
  }));
  throw new HttpError(422, ErrorCode.validation, `Invalid ${where}`, {}, details);
}

/**
 * Who may call a route, fixed when it is registered: anyone (`public`), a signed-in portal
 * session (`session`), a signed-in platform admin (`admin`), a tenant instance with the instance
 * API key (`instance`), a tenant's instance with its own OIDC client id and secret
 * (`instance-client`), or the identity provider's own endpoints, which check their clients and
 * tokens themselves (`identity-provider`).
 */
export type GuardKind = 'public' | 'session' | 'admin' | 'instance' | 'instance-client' | 'identity-provider';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (`GuardKind`); every route has one, or the app does not start. */
    guard?: GuardKind;
    /** The route also needs a recent sign-in (step-up, `session/step-up.ts`). */
    recentLogin?: boolean;
  }
}

/** What a guard lets through to the handler (the signed-in account, say), or throws the refusal;
 * a guard without a check (public routes) adds no hook to the route. */
export type Guard<T> = {
  kind: GuardKind;
  check?: (request: FastifyRequest, reply: FastifyReply) => Promise<T>;
  /** Recorded with the route: its check also demands a recent sign-in. */
  recentLogin?: boolean;
};

/** Registers a route of the contract behind a guard: the guard runs first, before the body is
 * even read (so a caller without access learns nothing about the input rules, not even that a
 * body is malformed), then body, query and params are parsed with the route's schemas (422 with
 * every problem listed when they do not fit), the handler runs with what the guard let through,
 * and the answer is JSON (or 204). */
export function registerGuarded<R extends RouteContract, T>(
  app: FastifyInstance,
  route: R,
  guard: Guard<T>,
  handler: (input: Input<R>, granted: T, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const { check } = guard;
  const granted = new WeakMap<FastifyRequest, { value: T }>();
  const unchecked = { value: undefined as T };
  app.route({
    method: route.method,
    url: route.path,
    config: { jsonOnly: true, guard: guard.kind, ...(guard.recentLogin ? { recentLogin: true } : {}) },
    // onRequest: before the body is even read, so an unauthorised caller costs no parsing.
    ...(check
      ? {
          onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
            granted.set(request, { value: await check(request, reply) });
          },
        }
      : {}),
    handler: async (request, reply) => {
      const pass = check ? granted.get(request) : unchecked;
      // Unreachable while the hook runs first; refused rather than let through if it ever did not.
      if (!pass) throw errors.forbidden();
      const input = {
        body: validate(route.body, request.body, 'body'),
        query: validate(route.query, request.query, 'query'),
        params: validate(route.params, request.params, 'params'),
      } as Input<R>;
      const result = await handler(input, pass.value, request, reply);
      // A handler that sent its own answer (a stream, say) returns the reply.
      if (reply.sent || result === reply) return reply;
      if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
      return reply.send(result);
    },
  });
}

const openToAll: Guard<undefined> = { kind: 'public' };

/** Registers a public route of the contract. A route the contract reserves for a signed-in
 * person or an admin cannot be registered here: see `registerSession` and `registerAdmin`. */
export function register<R extends RouteContract & { auth: 'public' }>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
): void {
  registerGuarded(app, route, openToAll, (input, _, request, reply) => handler(input, request, reply));
}

export type RouteGuard = { method: string; url: string; guard: GuardKind | undefined; recentLogin: boolean };

const registered = new WeakMap<
  FastifyInstance,
  { method: string | string[]; url: string; config?: { guard?: GuardKind; recentLogin?: boolean } }[]
>();

/**
 * Keeps the list of the app's routes with their guards, and refuses to start an app with a route
 * registered without one. Call first, before any route is registered.
 */
export function trackRouteGuards(app: FastifyInstance): void {
  const routes: NonNullable<ReturnType<typeof registered.get>> = [];
  registered.set(app, routes);
  // The route's options are kept, not its guard: a scope's own hook may set the guard after this
  // one ran (`guardScope`).
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onReady', async () => {
    const unguarded = routeGuards(app).filter((route) => !route.guard);
    if (unguarded.length > 0)
      throw new Error(`Routes without a guard: ${unguarded.map((r) => `${r.method} ${r.url}`).join(', ')}`);
  });
}

/** Every route of the app with the guard it was registered with (one entry per method). */
export function routeGuards(app: FastifyInstance): RouteGuard[] {
  return (registered.get(app) ?? []).flatMap((route) =>
    [route.method].flat().map((method) => ({
      method,
      url: route.url,
      guard: route.config?.guard,
      recentLogin: route.config?.recentLogin === true,
    })),
  );
}

/** Registers routes another module makes (static files, say) in a scope whose every route gets
 * `kind`. */
export async function guardScope<T>(
  app: FastifyInstance,
  kind: GuardKind,
  build: (scope: FastifyInstance) => Promise<T>,
): Promise<T> {
  let built: T | undefined;
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, guard: kind };
    });
    built = await build(scope);
  });
  return built as T;
}
