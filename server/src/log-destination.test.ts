import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { LineBatch, logDestination } from './log-destination';
import { serverRoot } from './paths';

const dir = mkdtempSync(join(tmpdir(), 'helios-log-destination-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('log lines', () => {
  test("a turn's lines go out together, in order, right after the turn", async () => {
    const writes: string[] = [];
    const batch = new LineBatch({ write: (chunk: string) => writes.push(chunk) } as never);
    batch.write('a\n');
    batch.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    batch.write('c\n');
    await nextTurn();
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });

  test('a file gets every line; closing writes what is left', async () => {
    const file = join(dir, 'server.log');
    const destination = logDestination(file);
    destination.write('first\n');
    await nextTurn();
    expect(readFileSync(file, 'utf8')).toBe('first\n');
    destination.write('last\n');
    await destination.close();
    expect(readFileSync(file, 'utf8')).toBe('first\nlast\n');
  });

  test('lines logged just before the process exits are written', () => {
    const script = join(dir, 'exit-at-once.ts');
    writeFileSync(
      script,
      `import { logDestination } from ${JSON.stringify(join(serverRoot, 'src/log-destination.ts'))};
const out = logDestination(1);
for (let i = 0; i < 3; i++) out.write(\`line \${i}\\n\`);
process.exit(3);
`,
    );
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { cwd: serverRoot, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('line 0\nline 1\nline 2\n');
  });
});
