import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from '../src/db/client';
import { EMBEDDED_SHARED_BUFFERS } from '../src/db/pglite';

const dataDir = mkdtempSync(join(tmpdir(), 'helios-embedded-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test('the embedded database runs with a small buffer cache, also when it is opened again', {
  timeout: 60_000,
}, async () => {
  for (let open = 0; open < 2; open++) {
    const handle = await openDatabase({ dataDir });
    try {
      expect(handle.kind).toBe('pglite');
      const { rows } = await handle.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect(rows[0]?.shared_buffers).toBe(EMBEDDED_SHARED_BUFFERS);
      // The rest of PostgreSQL's settings are PGlite's own: the time zone is still UTC.
      const zone = await handle.db.execute<{ TimeZone: string }>(sql`show timezone`);
      expect(zone.rows[0]?.TimeZone).toBe('UTC');
    } finally {
      await handle.close();
    }
  }
});
