import fc from 'fast-check';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';
import { describe, expect, test } from 'vitest';
import { loggerOptions } from '../app';
import { lazyRequestLog, OneLinePerRequest } from './access-log';

/** A Fastify app logging through `OneLinePerRequest` into memory, with the server's logger options. */
async function appLogging(options: pino.LoggerOptions = {}) {
  const lines: string[] = [];
  const logger = pino(
    { ...(loggerOptions('info') as pino.LoggerOptions), ...options },
    { write: (line: string) => lines.push(line) },
  ) as unknown as FastifyBaseLogger;
  const app = Fastify({
    loggerInstance: logger,
    logController: new OneLinePerRequest(logger),
    childLoggerFactory: lazyRequestLog,
  });
  app.all('/*', async () => ({ ok: true }));
  app.get('/note', async (request) => {
    request.log.warn({ token: 'SECRET', body: { password: 'SECRET' } }, 'a note');
    request.log.child({ step: 2 }).info('a child note');
    return { level: request.log.level };
  });
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  const completed = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request completed');
  return { app, lines, completed, logger };
}

describe('the line of each request', () => {
  test("is pino's own JSON line: level, time, bindings, request, answer and time taken", async () => {
    const { app, completed } = await appLogging();
    await app.inject({ method: 'POST', url: '/auth/login/ping?session_id=SECRET&keep=1' });
    const [entry] = completed();
    expect(entry).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: 'req-1',
      req: { method: 'POST', url: '/auth/login/ping?session_id=***&keep=1', remoteAddress: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    });
    expect(Math.abs((entry?.time as number) - Date.now())).toBeLessThan(5_000);
    await app.close();
  });

  test('stays valid JSON whatever the address holds: quotes, backslashes, control characters, any script', () => {
    const lines: string[] = [];
    const logger = pino(loggerOptions('info') as pino.LoggerOptions, { write: (line: string) => lines.push(line) });
    const url = '/a"b\\c/\u2028/\u0000\u001f/日本語/🔑/\ud800?x="y"&token=SECRET';
    const request = { id: 'req-"1"', method: 'GET', url, ip: undefined } as unknown as FastifyRequest;
    const reply = { statusCode: 404, elapsedTime: 1.5 } as unknown as FastifyReply;
    new OneLinePerRequest(logger as unknown as FastifyBaseLogger).requestCompleted(null, request, reply);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      reqId: 'req-"1"',
      req: { method: 'GET', url: url.replace('SECRET', '***') },
      res: { statusCode: 404 },
      responseTime: 1.5,
    });
  });

  test('follows the logger: no line below its level, bindings of a child logger kept', async () => {
    const quiet = await appLogging({ level: 'warn' });
    await quiet.app.inject({ method: 'GET', url: '/x' });
    expect(quiet.lines).toEqual([]);
    await quiet.app.close();

    const named = await appLogging({ base: { node: 'a' } });
    await named.app.inject({ method: 'GET', url: '/x' });
    expect(named.completed()[0]).toMatchObject({ node: 'a', req: { url: '/x' } });
    await named.app.close();
  });

  test('a logger that reshapes its lines gets them through pino, shaped', async () => {
    const { app, completed } = await appLogging({ formatters: { log: (object) => ({ ...object, shaped: true }) } });
    await app.inject({ method: 'GET', url: '/x?code=SECRET' });
    expect(completed()[0]).toMatchObject({ shaped: true, req: { url: '/x?code=***' }, res: { statusCode: 200 } });
    await app.close();
  });

  test('a failed request logs its error at error level', async () => {
    const { app, lines } = await appLogging();
    await app.inject({ method: 'GET', url: '/boom' });
    const errored = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((e) => e.level === 50);
    expect(errored).toMatchObject({ req: { url: '/boom' }, res: { statusCode: 500 } });
    await app.close();
  });

  test("a request's own lines carry its id and are redacted; its logger is made only when it logs", async () => {
    const { app, lines, logger } = await appLogging();
    let children = 0;
    const child = logger.child;
    logger.child = function (this: FastifyBaseLogger, ...args: Parameters<typeof child>) {
      children += 1;
      return child.apply(this, args);
    };
    await app.inject({ method: 'GET', url: '/x' });
    expect(children).toBe(0);

    const answer = await app.inject({ method: 'GET', url: '/note' });
    expect(answer.json()).toEqual({ level: 'info' });
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.find((e) => e.msg === 'a note')).toMatchObject({
      level: 40,
      reqId: 'req-2',
      body: { password: '***' },
    });
    expect(entries.find((e) => e.msg === 'a child note')).toMatchObject({ level: 30, reqId: 'req-2', step: 2 });
    // The request's logger, and the child asked of it.
    expect(children).toBe(2);
    await app.close();
  });
});

/** Writes each character of `text` as itself, in the other case, or percent-encoded (hex in
 * either case); a space as `+` or `%20` where the address is a query. */
function encodedAnyhow(text: string, where: 'path' | 'query') {
  return fc.tuple(...[...text].map(() => fc.integer({ min: 0, max: 4 }))).map((choices) =>
    [...text]
      .map((character, i) => {
        const hex = character.charCodeAt(0).toString(16).padStart(2, '0');
        if (character === ' ') return where === 'query' && (choices[i] ?? 0) % 2 === 0 ? '+' : '%20';
        switch (choices[i]) {
          case 1:
            return character === character.toLowerCase() ? character.toUpperCase() : character.toLowerCase();
          case 2:
            return `%${hex.toUpperCase()}`;
          case 3:
            return `%${hex.toLowerCase()}`;
          default:
            return encodeURIComponent(character) === character ? character : `%${hex}`;
        }
      })
      .join(''),
  );
}

/** An address as it is logged, read back: percent-encoding and `+` undone, lowercased. */
function readBack(url: string) {
  return url
    .replaceAll('+', ' ')
    .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .toLowerCase();
}

const SECRET_PARAMETERS = [
  'session_id',
  'token',
  'code',
  'otp',
  'clavis',
  'state',
  'password',
  'login_hint',
  'id_token_hint',
];

describe('secrets in addresses never reach the log line', () => {
  test('whatever case and percent-encoding their names and values are written in', async () => {
    const { app, completed } = await appLogging();
    const secret = fc.stringMatching(/^[A-Za-z0-9]{6,12}( [A-Za-z0-9]{1,6})?$/).map((value) => `sEcReT${value}`);
    const inQuery = fc
      .tuple(fc.constantFrom(...SECRET_PARAMETERS), secret)
      .chain(([name, value]) =>
        fc
          .tuple(
            encodedAnyhow(name, 'query'),
            encodedAnyhow(value, 'query'),
            fc.constantFrom('/auth/login/ping', '/api/x'),
          )
          .map(([n, v, path]) => ({ secret: value, url: `${path}?keep=1&${n}=${v}&other=2` })),
      );
    const resetLink = secret.chain((value) =>
      fc
        .tuple(encodedAnyhow('set-password', 'path'), encodedAnyhow(value, 'path'))
        .map(([part, token]) => ({ secret: value, url: `/login/${part}/${token}?from=mail` })),
    );
    const email = fc
      .tuple(fc.stringMatching(/^[a-z0-9.]{1,12}$/), fc.constantFrom('example.com', 'mail.example.org'))
      .map(([local, domain]) => `sEcReT${local}@${domain}`);
    const emailAnywhere = email.chain((address) =>
      fc.oneof(
        fc
          .tuple(fc.constantFrom('q', 'email', 'login_hint', 'x'), encodedAnyhow(address, 'query'))
          .map(([name, value]) => ({ secret: address, url: `/api/accounts?${name}=${value}` })),
        encodedAnyhow(address, 'path').map((part) => ({ secret: address, url: `/api/accounts/${part}/view` })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(inQuery, resetLink, emailAnywhere), async ({ secret: value, url }) => {
        const before = completed().length;
        await app.inject({ method: 'GET', url });
        const logged = completed()[before]?.req as { url: string };
        expect(readBack(logged.url), `${url} logged as ${logged.url}`).not.toContain(value.toLowerCase());
      }),
      { numRuns: 300 },
    );
    await app.close();
  });

  test('an encoded parameter name, a reset path in capitals, an email and a login hint are masked', async () => {
    const { app, completed } = await appLogging();
    for (const [url, logged] of [
      ['/auth/login/ping?session%5Fid=SECRET&keep=1', '/auth/login/ping?session%5Fid=***&keep=1'],
      ['/login/SET-PASSWORD/SECRET', '/login/SET-PASSWORD/***'],
      ['/api/accounts?q=someone%40example.com', '/api/accounts?q=***'],
      ['/auth/login/start?LOGIN_HINT=someone', '/auth/login/start?LOGIN_HINT=***'],
    ]) {
      const before = completed().length;
      await app.inject({ method: 'GET', url });
      expect(completed()[before]).toMatchObject({ req: { url: logged } });
    }
    await app.close();
  });
});
