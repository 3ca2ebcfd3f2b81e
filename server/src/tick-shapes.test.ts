import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keepTickShapes } from './tick-shapes';

const moduleUrl = pathToFileURL(fileURLToPath(new URL('./tick-shapes.ts', import.meta.url))).href;

/**
 * How V8 left the keyed sites of Node's `nextTick` entry literal after a burst of ticks with full
 * collections between them, in a fresh process, with or without the module loaded first. V8
 * prints a function's feedback with `%DebugPrint`; each site reads MONOMORPHIC (one shape) or
 * MEGAMORPHIC (given up: built through the runtime from then on).
 */
function tickSitesAfterCollections(keep: boolean): string[] {
  const script = `
    ${keep ? `await import(${JSON.stringify(moduleUrl)});` : ''}
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 50; i++) await new Promise((resolve) => process.nextTick(resolve));
      globalThis.gc();
    }
    new Function('f', '%DebugPrint(f)')(process.nextTick);
  `;
  // V8 prints to the process's standard output directly; into a file, as a pipe (non-blocking
  // in Node) can drop the end of a long print.
  const out = join(mkdtempSync(join(tmpdir(), 'helios-ticks-')), 'debug-print.txt');
  const fd = openSync(out, 'w');
  const run = spawnSync(
    process.execPath,
    ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  closeSync(fd);
  expect(run.status, run.stderr).toBe(0);
  const printed = readFileSync(out, 'utf8');
  rmSync(dirname(out), { recursive: true, force: true });
  return [...printed.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((match) => match[1] as string);
}

describe('tick shapes', () => {
  it('keeps one of Node’s tick entries (its callback and arguments fields are the entry’s own)', () => {
    const kept = keepTickShapes() as Record<string, unknown>;
    expect(Object.keys(kept)).toEqual(['callback', 'args']);
    expect(Object.getOwnPropertySymbols(kept).map((symbol) => symbol.description)).toEqual([
      'async_id_symbol',
      'trigger_async_id_symbol',
    ]);
    expect(keepTickShapes()).toBe(kept);
  });

  it('keeps V8 on its fast path for tick entries through full collections, which without it give the path up', () => {
    // Without the module, the collections free the entry's shapes and V8 gives up on the sites
    // after the first key: the cost this module exists to avoid (on Node 20; if a later Node
    // builds its entries differently, this line says so and the module can go).
    const without = tickSitesAfterCollections(false);
    expect(without).toHaveLength(4);
    expect(without.slice(1)).toContain('MEGAMORPHIC');

    expect(tickSitesAfterCollections(true)).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
  });
});
