import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { setPlatformAdmin } from '../src/admin/grant';
import { accounts, auditEvents } from '../src/db/schema';
import { commandLine } from './cli';
import { createAccount } from './fixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('granting and revoking admin rights', () => {
  test('grant and revoke change the account, once, and are audited', async () => {
    const person = await createAccount(server.ctx);
    expect(await setPlatformAdmin(server.ctx, person.email.toUpperCase(), true)).toBe('changed');
    expect(await setPlatformAdmin(server.ctx, person.email, true)).toBe('unchanged');
    const [row] = await server.ctx.db.select().from(accounts).where(eq(accounts.id, person.id));
    expect(row?.isAdmin).toBe(true);
    expect(await setPlatformAdmin(server.ctx, person.email, false)).toBe('changed');
    expect(await setPlatformAdmin(server.ctx, 'nobody@example.com', true)).toBe('no_account');
    const audits = await server.ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, person.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['admin.granted', 'admin.revoked']);
  });
});

const { cli, cliWith, cleanUp } = commandLine('helios-cli-');
afterAll(cleanUp);

describe('helios admin (command line)', () => {
  test('clear messages and exit codes', { timeout: 120_000 }, async () => {
    expect(await cli('seed')).toMatchObject({ code: 0 });
    const granted = await cli('admin', 'grant', 'anna@example.com');
    expect(granted).toMatchObject({ code: 0, stdout: 'anna@example.com is now a platform admin.\n' });
    const missing = await cli('admin', 'grant', 'nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account with the email nobody@example.com');
    const usage = await cli('admin', 'promote', 'anna@example.com');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: helios admin grant <email>');
  });

  test('a node that cannot reach its Redis says so, without the password, and exits 1', {
    timeout: 60_000,
  }, async () => {
    // Nothing listens on port 1 of loopback.
    const failed = await cliWith({ REDIS_URL: 'redis://:s3cret@127.0.0.1:1/0', PORT: '0' }, 'serve');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      'helios: The session store is unavailable: Redis not reachable at redis://:***@127.0.0.1:1/0\n',
    );
    expect(failed.stdout + failed.stderr).not.toContain('s3cret');
  });
});
