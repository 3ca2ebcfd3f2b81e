import { Redis } from 'ioredis';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { signedIn } from './admin-helpers';
import { backend, startTestServer, type TestServer } from './harness';

describe('AUDIT_RETENTION_DAYS', () => {
  test('defaults to 400 and takes whole days from 1 to 36,500 only', () => {
    expect(loadConfig({}).auditRetentionDays).toBe(400);
    expect(loadConfig({ AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'a year', '36501'])
      expect(() => loadConfig({ AUDIT_RETENTION_DAYS: bad }), bad).toThrow(/AUDIT_RETENTION_DAYS/);
  });
});

describe('REDIS_KEY_PREFIX', () => {
  test('defaults to helios: and takes letters, digits and _ . : - only', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('helios:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'acme-prod:' }).redisKeyPrefix).toBe('acme-prod:');
    // Empty, like every variable, means unset.
    expect(loadConfig({ REDIS_KEY_PREFIX: '' }).redisKeyPrefix).toBe('helios:');
    for (const bad of ['has space:', 'star*:', 'x'.repeat(65)])
      expect(() => loadConfig({ REDIS_KEY_PREFIX: bad })).toThrow(ConfigError);
  });

  let server: TestServer | null = null;
  afterAll(async () => {
    await server?.close();
  });

  // Only the PostgreSQL + Redis run has a Redis to look into; embedded there is none.
  test.runIf(backend === 'postgres+redis')('puts every key of a deployment under its prefix', async () => {
    const prefix = `prefix-test-${Date.now().toString(36)}:`;
    server = await startTestServer({ env: { REDIS_KEY_PREFIX: prefix, RATE_LIMIT: 'true' } });
    const { account } = await signedIn(server);
    const redis = new Redis(process.env.REDIS_URL as string);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.some((key) => key.startsWith(`${prefix}session:`))).toBe(true);
      expect(keys).toContain(`${prefix}account-sessions:${account.id}`);
      const outside = await redis.keys(`*account-sessions:${account.id}`);
      expect(outside).toEqual([`${prefix}account-sessions:${account.id}`]);
      // The rate limiter's counters too, each expiring with its window.
      const counter = keys.find((key) => key.startsWith(`${prefix}rate:start:`));
      expect(counter).toBeDefined();
      expect(await redis.pttl(counter as string)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});
