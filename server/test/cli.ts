import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The real command line, always embedded in a folder of its own (never the shared test
 * database). Returns the runner and the clean-up for `afterAll`. */
export function commandLine(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  /** Runs the command line with `extra` in its environment. */
  async function cliWith(extra: Record<string, string>, ...args: string[]) {
    const env = { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
        cwd: serverDir,
        env,
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }
  const cli = (...args: string[]) => cliWith({}, ...args);
  return { cli, cliWith, cleanUp: () => rmSync(dataDir, { recursive: true, force: true }) };
}
