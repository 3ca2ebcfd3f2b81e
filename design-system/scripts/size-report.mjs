// Prints the gzip size of every published file so size changes show up in every build log.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(js|css|woff2)$/.test(name)) yield path;
  }
}

const rows = [...files(dist)].map((path) => {
  const bytes = readFileSync(path);
  return { file: relative(dist, path), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log('\n@helios/design-system package size (gzip -9):');
const width = Math.max(20, ...rows.map((row) => row.file.length));
for (const row of rows)
  console.log(`  ${row.file.padEnd(width)} ${kb(row.raw).padStart(10)} raw  ${kb(row.gzip).padStart(9)} gzip`);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
console.log(`  ${'total'.padEnd(width)} ${''.padStart(10)}      ${kb(total).padStart(9)} gzip\n`);
