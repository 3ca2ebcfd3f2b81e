// The release steps (`pnpm release`: changeset version, build, pack) run in a scratch copy of the
// parts of the workspace they read, with a sample changeset, so the real package is never touched.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pnpmCommand, root } from './lib/toolchain.mjs';
import { startsWithUseClient } from './lib/use-client.mjs';

const PACKAGE = '@helios/design-system';
const CHANGE = 'Dialog parts: Dialog, DialogTrigger, DialogContent, DialogTitle and DialogDescription.';

/** The files of a gzipped tarball, by path. */
function untar(tarball: Buffer): Map<string, Buffer> {
  const archive = gunzipSync(tarball);
  const files = new Map<string, Buffer>();
  let offset = 0;
  while (offset + 512 <= archive.length && archive[offset] !== 0) {
    const field = (start: number, length: number) =>
      archive.toString('utf8', offset + start, offset + start + length).replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const prefix = field(345, 155);
    const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
    files.set(name, archive.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Makes `to` a node_modules folder whose packages are links to those installed in `from` (pnpm
 * refuses a node_modules that is itself a link); pnpm's own state files are left out. */
function linkModules(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name.startsWith('.') && name !== '.bin' && name !== '.pnpm') continue;
    symlinkSync(join(from, name), join(to, name), 'dir');
  }
}

/** The next minor version of a semver `major.minor.patch`. */
function nextMinor(version: string): string {
  const match = /^(\d+)\.(\d+)\.\d+$/.exec(version);
  if (!match) throw new Error(`not a release version: ${version}`);
  return `${match[1]}.${Number(match[2]) + 1}.0`;
}

const realManifest = readFileSync(join(root, 'design-system', 'package.json'), 'utf8');
const realChangelog = readFileSync(join(root, 'design-system', 'CHANGELOG.md'), 'utf8');
const current = JSON.parse(realManifest).version as string;
const expected = nextMinor(current);

describe('releasing the design system (pnpm release in a scratch copy)', () => {
  let scratch: string;
  let tarball: Map<string, Buffer>;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'helios-release-'));
    // A one-package workspace: the root manifest (its release script), the Changesets config, the
    // base TypeScript config and the package's sources; installed packages are linked, not copied.
    cpSync(join(root, 'package.json'), join(scratch, 'package.json'));
    writeFileSync(
      join(scratch, 'pnpm-workspace.yaml'),
      'packages:\n  - design-system\npmOnFail: ignore\nverifyDepsBeforeRun: false\n',
    );
    cpSync(join(root, '.changeset', 'config.json'), join(scratch, '.changeset', 'config.json'));
    cpSync(join(root, 'tsconfig.base.json'), join(scratch, 'tsconfig.base.json'));
    mkdirSync(join(scratch, 'design-system'));
    for (const name of [
      'package.json',
      'CHANGELOG.md',
      'README.md',
      'tsconfig.json',
      'tsup.config.ts',
      'src',
      'scripts',
    ]) {
      cpSync(join(root, 'design-system', name), join(scratch, 'design-system', name), { recursive: true });
    }
    linkModules(join(root, 'node_modules'), join(scratch, 'node_modules'));
    linkModules(join(root, 'design-system', 'node_modules'), join(scratch, 'design-system', 'node_modules'));
    writeFileSync(join(scratch, '.changeset', 'sample-dialog.md'), `---\n"${PACKAGE}": minor\n---\n\n${CHANGE}\n`);

    const [command, ...prefix] = pnpmCommand();
    execFileSync(command, [...prefix, 'run', 'release'], { cwd: scratch, stdio: 'pipe' });
    tarball = untar(readFileSync(join(scratch, 'design-system', `helios-design-system-${expected}.tgz`)));
  }, 300_000);

  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  test(`bumps the version one minor step (${current} → ${expected}) and uses up the changeset`, () => {
    const manifest = JSON.parse(readFileSync(join(scratch, 'design-system', 'package.json'), 'utf8'));
    expect(manifest.version).toBe(expected);
    expect(existsSync(join(scratch, '.changeset', 'sample-dialog.md'))).toBe(false);
  });

  test("puts the changeset's text in the changelog under the new version, above the old entries", () => {
    const changelog = readFileSync(join(scratch, 'design-system', 'CHANGELOG.md'), 'utf8');
    const entry = changelog.indexOf(`## ${expected}`);
    expect(entry).toBeGreaterThan(0);
    expect(changelog.indexOf('### Minor Changes', entry)).toBeGreaterThan(entry);
    expect(changelog.indexOf(CHANGE, entry)).toBeGreaterThan(entry);
    expect(changelog.indexOf(`## ${current}`)).toBeGreaterThan(changelog.indexOf(CHANGE));
  });

  test('packs the new version with the built entry, the stylesheets, the fonts and the changelog', () => {
    const manifest = JSON.parse(tarball.get('package/package.json')?.toString('utf8') ?? '{}');
    expect(manifest.name).toBe(PACKAGE);
    expect(manifest.version).toBe(expected);
    for (const file of [
      'package/dist/index.js',
      'package/dist/index.d.ts',
      'package/dist/styles.css',
      'package/dist/fonts.css',
      'package/dist/fonts/inter-latin-wght-normal.woff2',
    ]) {
      expect(tarball.has(file), file).toBe(true);
    }
    expect(tarball.get('package/CHANGELOG.md')?.toString('utf8')).toContain(CHANGE);
  });

  test('the built entry starts with "use client"', () => {
    expect(startsWithUseClient(join(scratch, 'design-system', 'dist', 'index.js'))).toBe(true);
  });

  test('leaves the real package untouched', () => {
    expect(readFileSync(join(root, 'design-system', 'package.json'), 'utf8')).toBe(realManifest);
    expect(readFileSync(join(root, 'design-system', 'CHANGELOG.md'), 'utf8')).toBe(realChangelog);
  });
});
