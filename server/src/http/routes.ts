import { ErrorCode, type RouteContract } from '@helios/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { HttpError } from './errors';

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

/** Registers a route of the contract: runs `authorize` first (so a caller without access learns
 * nothing about the input rules, not even that a body is malformed), parses body, query and
 * params with its schemas (422 with every problem listed when they do not fit), runs the
 * handler, and answers JSON (or 204). */
export function register<R extends RouteContract>(
  app: FastifyInstance,
  route: R,
  handler: Handler<R>,
  authorize?: (request: FastifyRequest) => Promise<unknown>,
): void {
  app.route({
    method: route.method,
    url: route.path,
    config: { jsonOnly: true },
    // onRequest: before the body is even read, so an unauthorised caller costs no parsing.
    ...(authorize ? { onRequest: async (request: FastifyRequest) => void (await authorize(request)) } : {}),
    handler: async (request, reply) => {
      const input = {
        body: validate(route.body, request.body, 'body'),
        query: validate(route.query, request.query, 'query'),
        params: validate(route.params, request.params, 'params'),
      } as Parameters<Handler<R>>[0];
      const result = await handler(input, request, reply);
      if (reply.sent) return reply;
      if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
      return reply.send(result);
    },
  });
}
