import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompress } from '../../scripts/vite/precompress';
import { buildApp } from '../src/app';
import type { WebApp } from '../src/web/static';
import { startTestServer, type TestServer } from './harness';

/**
 * The apps' files go out compressed: the build plugin writes Brotli and gzip copies, and the
 * server picks the one the browser accepts (or the file itself), marked to vary by it.
 */

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word ${i}`))};\n`;
const TINY = 'export {};\n';

let dist: string;
let adminDist: string;
let server: TestServer;
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'helios-static-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Helios</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'main.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'tiny.js'), TINY);
  // What `vite build` does at its end with the plugin in the apps' configs.
  const plugin = precompress() as unknown as {
    configResolved(config: { root: string; build: { outDir: string } }): void;
    closeBundle(): void;
  };
  plugin.configResolved({ root: dist, build: { outDir: '.' } });
  plugin.closeBundle();

  adminDist = mkdtempSync(join(tmpdir(), 'helios-static-admin-'));
  writeFileSync(join(adminDist, 'index.html'), '<!doctype html><title>Helios admin</title><div id="root"></div>');

  server = await startTestServer();
  const web: WebApp[] = [
    { name: 'app-admin', dist: adminDist, base: '/admin/' },
    { name: 'app-auth', dist, base: '/' },
  ];
  app = await buildApp(server.ctx, { web });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The same site as the test server, reached at another address.
  server.ctx.config.allowedHosts = [...server.ctx.config.allowedHosts, host];
  url = `http://${host}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
  rmSync(adminDist, { recursive: true, force: true });
});

/** A GET that leaves the body as sent (fetch would decode it), with only the given headers. */
function get(path: string, acceptEncoding?: string, accept?: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const headers: Record<string, string> = {};
      if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
      if (accept) headers.accept = accept;
      const req = request(`${url}${path}`, { headers });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('compressed files', () => {
  test('the build writes smaller Brotli and gzip copies of text files, none of tiny ones', () => {
    expect(readdirSync(join(dist, 'assets')).sort()).toEqual(['main.js', 'main.js.br', 'main.js.gz', 'tiny.js']);
  });

  test('Brotli when the browser accepts it, with the same content and caching', async () => {
    const answer = await get('/assets/main.js', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 2);
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(SCRIPT);
  });

  test('gzip when that is all the browser accepts', async () => {
    const answer = await get('/assets/main.js', 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString('utf8')).toBe(SCRIPT);
  });

  test('the file itself without Accept-Encoding, and for a file with no copies', async () => {
    const plain = await get('/assets/main.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
    const tiny = await get('/assets/tiny.js', 'br, gzip');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe(TINY);
  });
});

describe('page addresses', () => {
  const page = async (path: string, acceptEncoding?: string) => {
    const answer = await get(path, acceptEncoding, 'text/html');
    return { status: answer.status, cache: answer.headers['cache-control'], body: answer.body.toString('utf8') };
  };

  test('the admin console at /admin, /admin/ and its deep links, never cached, whatever the client accepts', async () => {
    for (const path of ['/admin', '/admin/', '/admin/tenants', '/admin/accounts/some-id']) {
      for (const encoding of [undefined, 'gzip, br']) {
        const answer = await page(path, encoding);
        expect({ path, encoding, status: answer.status, cache: answer.cache }).toEqual({
          path,
          encoding,
          status: 200,
          cache: 'no-store',
        });
        expect(answer.body).toContain('Helios admin');
      }
    }
  });

  test("the portal's pages, and its not-found page for an unknown address", async () => {
    for (const path of ['/', '/login', '/login/select-tenant', '/profile']) {
      const answer = await page(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(answer.body).toContain('<title>Helios</title>');
    }
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('<title>Helios</title>');
  });
});
