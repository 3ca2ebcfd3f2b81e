import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { majorOf, REQUIRED_NODE_MAJOR } from './node-runtime.mjs';

const runtime = new URL('./node-runtime.mjs', import.meta.url).href;

/** A Node older than 24 on this machine (the system's), or null where there is none. */
function olderNode(): string | null {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
    if (majorOf(version) < REQUIRED_NODE_MAJOR) return candidate;
  }
  return null;
}

describe('the Node runtime of npm start and npm test', () => {
  test('reads major versions with or without the v', () => {
    expect(majorOf('v24.21.0')).toBe(24);
    expect(majorOf('20.20.2')).toBe(20);
  });

  test('runs on the current Node when it is new enough', () => {
    expect(majorOf(process.version)).toBeGreaterThanOrEqual(REQUIRED_NODE_MAJOR);
  });

  // Needs a Node older than 24 to start from: machines with only Node 24 have nothing to prove here.
  const older = olderNode();
  test.runIf(older)(
    'a script started on an older Node runs again under Node 24, with it first on PATH',
    () => {
      const script = join(mkdtempSync(join(tmpdir(), 'helios-runtime-')), 'probe.mjs');
      writeFileSync(
        script,
        `import { runOnSupportedNode } from ${JSON.stringify(runtime)};\n` +
          'runOnSupportedNode();\n' +
          "import { execFileSync } from 'node:child_process';\n" +
          "console.log('probe', process.version, execFileSync('node', ['--version'], { encoding: 'utf8' }).trim());\n",
      );
      const output = execFileSync(older as string, [script], { encoding: 'utf8', timeout: 120_000 });
      const probe = /^probe (v\S+) (v\S+)$/m.exec(output);
      expect(probe, output).not.toBeNull();
      expect(majorOf(probe?.[1] ?? '')).toBe(REQUIRED_NODE_MAJOR);
      expect(majorOf(probe?.[2] ?? '')).toBe(REQUIRED_NODE_MAJOR);
    },
    180_000,
  );
});
