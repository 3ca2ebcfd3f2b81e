import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { workspaceRoot } from '../paths';

export type WebApp = { name: string; dist: string; base: string };

/** The built apps, when present: the sign-in portal at the root, the admin console under /admin. */
export function builtApps(): WebApp[] {
  return [
    { name: 'app-admin', dist: join(workspaceRoot, 'app-admin/dist'), base: '/admin/' },
    { name: 'app-auth', dist: join(workspaceRoot, 'app-auth/dist'), base: '/' },
  ].filter((app) => existsSync(join(app.dist, 'index.html')));
}

const SOURCE_MAP = /\.map(\.(br|gz))?$/i;

const API_PREFIXES = ['/auth/', '/oauth2/', '/api/', '/.well-known/', '/health', '/openapi.json'];

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix));
}

/**
 * Serves the single-page apps from the same origin as the API: hashed assets are cached for a
 * year, index.html never, each in its precompressed form when the browser accepts one; a page
 * address answers with its app's index.html (the app routes).
 */
export async function registerWebApps(app: FastifyInstance, apps: WebApp[] = builtApps()) {
  const pages = new Map<string, string>();
  for (const web of apps) {
    pages.set(web.base, readFileSync(join(web.dist, 'index.html'), 'utf8'));
    await app.register(fastifyStatic, {
      root: web.dist,
      prefix: web.base,
      decorateReply: false,
      index: false,
      wildcard: true,
      // The build writes .br and .gz copies of its text files (scripts/vite/precompress.ts).
      preCompressed: true,
      // Source maps stay on the build machine: they would hand out the apps' source. Refused
      // whatever the case, and in their compressed copies too.
      allowedPath: (path) => !SOURCE_MAP.test(path),
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.startsWith(join(web.dist, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const sendPage = (reply: FastifyReply, base: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(pages.get(base));

  if (pages.has('/')) {
    for (const path of ['/', '/login', '/login/*', '/profile', '/profile/*'])
      app.get(path, (_req, reply) => sendPage(reply, '/'));
  }
  if (pages.has('/admin/')) {
    // `/admin/` too: the static files' handler would answer it, as a folder, with 403.
    for (const path of ['/admin', '/admin/']) app.get(path, (_req, reply) => sendPage(reply, '/admin/'));
  }

  /** For a page address no file matched: the admin console's deep links, or the portal's
   * not-found page (status 404), with a page's `headers` (no route's hook gave them). Null when
   * the request is not for a page. */
  return function pageFallback(
    url: string,
    method: string,
    accept: string | undefined,
    reply: FastifyReply,
    headers: Record<string, string>,
  ) {
    if (method !== 'GET' || isApiPath(url) || !(accept ?? '').includes('text/html')) return null;
    if (url.startsWith('/admin/') && pages.has('/admin/')) return sendPage(reply.headers(headers), '/admin/');
    if (pages.has('/')) return sendPage(reply.headers(headers), '/', 404);
    return null;
  };
}
