import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createAccount, PASSWORD } from './fixtures';
import { backend, startTestServer } from './harness';

const dataDir = mkdtempSync(join(tmpdir(), 'helios-restart-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a restart loses nothing', () => {
  test('accounts and credentials survive; with Redis a login started before finishes after', {
    timeout: 120_000,
  }, async () => {
    const first = await startTestServer(
      backend === 'embedded' ? { reuse: { dataDir, storePrefix: 'restart:', secret: 'r'.repeat(40) } } : {},
    );
    const account = await createAccount(first.ctx, { password: PASSWORD });
    const browser = first.browser();
    const started = await browser.api.call('start', { body: { email: account.email } });
    await first.close({ keepData: true });

    const second = await startTestServer({ reuse: first.reuse });
    try {
      const fresh = second.browser();
      const again = await fresh.api.call('start', { body: { email: account.email } });
      expect(again.state).toBe('CredentialsRequired');
      const done = await fresh.api.call('verifyPassword', {
        body: { session_id: again.session_id as string, email: account.email, password: PASSWORD },
      });
      expect(done.state).toBe('Done');
      if (backend === 'postgres+redis') {
        // The same browser, now talking to the restarted node: its login cookie comes along.
        const resumed = second.browser();
        for (const [name, value] of browser.cookies) resumed.cookies.set(name, value);
        const finished = await resumed.api.call('verifyPassword', {
          body: { session_id: started.session_id as string, email: account.email, password: PASSWORD },
        });
        expect(finished.state).toBe('Done');
      }
    } finally {
      await second.close({ dropReused: true });
    }
  });
});
