import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, test } from 'vitest';
import { RedisStore, redactUrl, redisProblem } from './redis-store';

describe('what Redis a node needs', () => {
  test('7.0 or later; an older one is named with the version needed, one that hides its version is let be', () => {
    const info = (version: string) => `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n`;
    expect(redisProblem(info('7.0.15'))).toBeNull();
    expect(redisProblem(info('7.2.4'))).toBeNull();
    expect(redisProblem(info('8.0.2'))).toBeNull();
    expect(redisProblem(info('6.2.14'))).toBe('Redis 6.2 is too old: Helios needs Redis 7.0 or later');
    expect(redisProblem(info('5.0.7'))).toBe('Redis 5.0 is too old: Helios needs Redis 7.0 or later');
    expect(redisProblem('# Server\r\nredis_mode:standalone\r\n')).toBeNull();
    expect(redisProblem('')).toBeNull();
  });

  test('an address is shown without its password', () => {
    expect(redactUrl('redis://:s3cret@cache.internal:6380/2')).toBe('redis://:***@cache.internal:6380/2');
    expect(redactUrl('rediss://helios:s3cret@cache.internal')).toBe('rediss://helios:***@cache.internal');
    expect(redactUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(redactUrl('not a url s3cret')).toBe('the configured Redis');
  });

  test('an unreachable Redis fails start-up clearly, without the password in the message', async () => {
    // Port 1 on loopback: nothing listens there.
    const store = new RedisStore('redis://:s3cret@127.0.0.1:1/0');
    const failed = await store.ready(300).then(
      () => null,
      (error: unknown) => error as Error & { cause?: Error },
    );
    await store.close();
    expect(failed?.message).toBe('The session store is unavailable');
    expect(failed?.cause?.message).toBe('Redis not reachable at redis://:***@127.0.0.1:1/0');
    expect(JSON.stringify([failed?.message, failed?.cause?.message])).not.toContain('s3cret');
  });

  // These two need a Redis server: they run in the PostgreSQL + Redis run (REDIS_URL set).
  test.runIf(process.env.REDIS_URL)('the Redis the tests run against passes the check', async () => {
    const store = new RedisStore(process.env.REDIS_URL as string, 'helios-test:ready:');
    await expect(store.ready()).resolves.toBeUndefined();
    await store.close();
  });

  test.runIf(process.env.REDIS_URL)('a Redis that refuses scripts fails start-up, saying so', async () => {
    const url = new URL(process.env.REDIS_URL as string);
    const admin = new Redis(url.toString());
    const user = `helios-test-${randomBytes(4).toString('hex')}`;
    const password = randomBytes(12).toString('hex');
    // Everything but scripts, as some managed services configure it.
    await admin.call('ACL', 'SETUSER', user, 'on', `>${password}`, '~*', '&*', '+@all', '-@scripting');
    try {
      url.username = user;
      url.password = password;
      const store = new RedisStore(url.toString(), 'helios-test:ready:');
      const failed = await store.ready().then(
        () => null,
        (error: unknown) => error as Error,
      );
      await store.close();
      expect(failed?.message).toMatch(
        /refuses scripts \(EVAL\): Helios keeps its locks, counters and sets with them; allow scripting$/,
      );
      expect(failed?.message).not.toContain(password);
    } finally {
      await admin.call('ACL', 'DELUSER', user);
      admin.disconnect();
    }
  });
});
