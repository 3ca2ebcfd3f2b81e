import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { serverRoot } from '../paths';
import { requestCookies } from './portal-session';

/** The server's source files, tests left out. */
const sourceFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(dir, name));

describe("a request's cookies", () => {
  test('are parsed on first read, also when the route sets a cookie first', async () => {
    const app = Fastify();
    await app.register(cookie, { hook: false });
    app.get('/read', async (request) => requestCookies(request));
    app.get('/set-then-read', async (request, reply) => {
      reply.setCookie('new', 'value');
      return requestCookies(request);
    });
    const headers = { cookie: 'helios_session=abc; other=x%20y' };
    expect((await app.inject({ url: '/read', headers })).json()).toEqual({ helios_session: 'abc', other: 'x y' });
    expect((await app.inject({ url: '/read' })).json()).toEqual({});
    const set = await app.inject({ url: '/set-then-read', headers });
    expect(set.json()).toEqual({ helios_session: 'abc', other: 'x y' });
    expect(set.headers['set-cookie']).toContain('new=value');
    await app.close();
  });

  test('are read through requestCookies everywhere: `request.cookies` is empty until then', () => {
    const direct = sourceFiles(join(serverRoot, 'src'))
      .filter((file) => /\brequest\.cookies\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(serverRoot, file));
    expect(direct).toEqual(['src/session/portal-session.ts']);
  });
});
