import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../src/app';
import type { WebApp } from '../src/web/static';
import { startTestServer, type TestServer } from './harness';
import { expectErrorShape, sendRaw } from './hostile-http';

let server: TestServer;
let app: FastifyInstance;
let url: string;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'helios-maps-'));
  const web: WebApp[] = [
    { name: 'app-admin', dist: join(root, 'admin'), base: '/admin/' },
    { name: 'app-auth', dist: join(root, 'auth'), base: '/' },
  ];
  for (const { dist } of web) {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'main.js'), 'export {};\n');
    const map = JSON.stringify({ version: 3, sources: ['src/secret-source.tsx'], mappings: '' });
    writeFileSync(join(dist, 'assets', 'main.js.map'), map);
    writeFileSync(join(dist, 'assets', 'main.js.map.gz'), gzipSync(map));
  }
  server = await startTestServer();
  app = await buildApp(server.ctx, { web });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const host = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  server.ctx.config.allowedHosts = [...server.ctx.config.allowedHosts, host];
  url = `http://${host}`;
}, 90_000);

afterAll(async () => {
  await app?.close();
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('source maps', () => {
  test('are not served: 404 in the error shape, however the address or the encoding is asked for', async () => {
    for (const base of ['/assets/', '/admin/assets/']) {
      expect((await sendRaw(url, 'GET', `${base}main.js`)).status, `${base}main.js`).toBe(200);
      for (const path of ['main.js.map', 'main.js.MAP', 'main.js%2Emap', 'main.js.map.gz']) {
        for (const encoding of ['', 'gzip, br']) {
          const answer = await sendRaw(url, 'GET', `${base}${path}`, {
            headers: encoding ? { 'accept-encoding': encoding } : {},
          });
          const context = `${base}${path} (${encoding || 'identity'})`;
          expect(answer.status, context).toBe(404);
          expectErrorShape(answer, context);
          expect(answer.text, context).not.toContain('secret-source');
        }
      }
    }
  });
});
