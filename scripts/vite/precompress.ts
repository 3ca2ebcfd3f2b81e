import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt']);
/** Smaller files are not worth a second request header and a decode. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, so
 * the server sends compressed files without spending CPU per request (`preCompressed` in
 * server/src/web/static.ts). A copy that is not smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'helios:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const path of files(outDir)) {
        if (!TEXT.has(extname(path)) || statSync(path).size < MIN_BYTES) continue;
        const body = readFileSync(path);
        const brotli = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gzip = gzipSync(body, { level: 9 });
        if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
        if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
      }
    },
  };
}
