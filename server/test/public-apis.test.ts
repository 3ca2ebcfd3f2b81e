import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { workspaceRoot } from '../src/paths';

/**
 * Helios uses dependencies, Node and V8 through their public APIs only: no private members of
 * another package's objects, no V8 natives or flags set at run time, no pino internals, no
 * Node bindings. This walks the repository's own sources and fails on each reach it finds.
 */

/** The folders of the repository's own code, and its packages' own top-level files. */
const FOLDERS = [
  'server/src',
  'server/bench',
  'server/test',
  'api/src',
  'app-auth/src',
  'app-admin/src',
  'design-system/src',
  'scripts',
  'tests',
  '.storybook',
  'stories',
];
const PACKAGES = ['.', 'server', 'api', 'app-auth', 'app-admin', 'design-system'];
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'storybook-static', '.tmp']);

/** This file: it names every pattern it looks for. */
const SELF = fileURLToPath(import.meta.url);

/** Underscore names that are the project's own (none today): `name` after a dot, with why. */
const OWN_UNDERSCORE_NAMES: Record<string, string> = {};

/** The functions of `node:v8` that only read public statistics. */
const V8_STATISTICS = new Set(['getHeapStatistics', 'getHeapSpaceStatistics', 'getHeapCodeStatistics']);

type Reach = { line: number; what: string; text: string };

const PATTERNS: { what: string; pattern: RegExp; allowed?: (match: RegExpMatchArray) => boolean }[] = [
  {
    what: 'an underscore (private) member',
    pattern: /\._([A-Za-z]\w*)/g,
    allowed: (match) => Object.hasOwn(OWN_UNDERSCORE_NAMES, match[1] ?? ''),
  },
  { what: 'a V8 native (%Name())', pattern: /%[A-Z]\w*\(/g },
  { what: 'the V8 flag --allow-natives-syntax', pattern: /allow-natives-syntax/g },
  { what: 'a V8 flag set at run time (setFlagsFromString)', pattern: /setFlagsFromString/g },
  { what: "pino's internal symbols (pino.symbols)", pattern: /pino\s*\.\s*symbols\b/g },
  { what: "Node's internal bindings (internalBinding)", pattern: /\binternalBinding\b/g },
  { what: "Node's internal bindings (process.binding)", pattern: /\bprocess\s*\.\s*binding\b/g },
];

/** `node:v8` (or `v8`) brought in any way but as named imports of its statistics functions. */
const V8_MODULE = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|\bimport\s+)['"](?:node:)?v8['"]/g;
const V8_NAMED_IMPORT = /\bimport\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"](?:node:)?v8['"]/y;

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Every reach into internals in one file's text. */
function reachesIn(text: string): Reach[] {
  const found: Reach[] = [];
  const add = (index: number, what: string) => {
    const line = lineOf(text, index);
    found.push({ line, what, text: (text.split('\n')[line - 1] ?? '').trim() });
  };
  for (const { what, pattern, allowed } of PATTERNS)
    for (const match of text.matchAll(pattern)) if (!allowed?.(match)) add(match.index, what);
  for (const match of text.matchAll(V8_MODULE)) {
    // Walk back to the start of the statement to see what it imports.
    const start = text.lastIndexOf('import', match.index);
    V8_NAMED_IMPORT.lastIndex = start;
    const named = start >= 0 ? V8_NAMED_IMPORT.exec(text) : null;
    const names = named?.[1]
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (named && named.index + named[0].length >= match.index && names?.every((name) => V8_STATISTICS.has(name)))
      continue;
    add(match.index, 'node:v8 beyond its heap statistics');
  }
  return found.sort((a, b) => a.line - b.line);
}

function* sourceFiles(dir: string): Generator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

function repositoryFiles(): string[] {
  const files = FOLDERS.flatMap((folder) => [...sourceFiles(join(workspaceRoot, folder))]);
  for (const pkg of PACKAGES) {
    const dir = join(workspaceRoot, pkg);
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isFile() && (SOURCE.test(entry.name) || entry.name === 'package.json'))
        files.push(join(dir, entry.name));
  }
  return [...new Set(files)].filter((file) => file !== SELF);
}

describe('public APIs only', () => {
  test("the repository's own code reaches into no dependency's, Node's or V8's internals", () => {
    const files = repositoryFiles();
    // The walk finds the code it is meant to check.
    expect(files.map((file) => relative(workspaceRoot, file).split(sep).join('/'))).toEqual(
      expect.arrayContaining(['server/src/db/pglite.ts', 'server/src/http/access-log.ts', 'package.json']),
    );
    const reaches = files.flatMap((file) =>
      reachesIn(readFileSync(file, 'utf8')).map(
        ({ line, what, text }) => `${relative(workspaceRoot, file)}:${line}: ${what}: ${text}`,
      ),
    );
    expect(reaches).toEqual([]);
  });

  test('each kind of reach is found, and public code is not mistaken for one', () => {
    const reaching = [
      'await client._checkReady();',
      "new Function('f', '%DebugPrint(f)')(process.nextTick);",
      "spawn(process.execPath, ['--allow-natives-syntax', script]);",
      "import { setFlagsFromString } from 'node:v8';",
      'const stream = logger[pino.symbols.streamSym];',
      "const { internalBinding } = require('internal/test/binding');",
      "process.binding('fs');",
      "import v8 from 'v8';",
      "const { setHeapSnapshotNearHeapLimit } = require('node:v8');",
      "import * as v8 from 'node:v8';",
      "const v8 = await import('node:v8');",
    ];
    for (const line of reaching) expect(reachesIn(line), line).not.toEqual([]);
    // setFlagsFromString from node:v8 counts twice: the function and the module.
    expect(reachesIn(reaching[3] as string).map((reach) => reach.what)).toEqual([
      'a V8 flag set at run time (setFlagsFromString)',
      'node:v8 beyond its heap statistics',
    ]);

    const publicCode = [
      "import { getHeapStatistics } from 'node:v8';",
      "import { getHeapSpaceStatistics, getHeapStatistics } from 'v8';",
      "spawn(process.execPath, ['--expose-gc', script]);",
      'const rows = await db.select().from(accounts);',
      'const snake_case = value.my_field;',
      "console.log('%s done (%d)', name, count);",
      "logger.info({ req: request }, 'request completed');",
      "await import('./v8-notes');",
    ];
    for (const line of publicCode) expect(reachesIn(line), line).toEqual([]);
  });
});
