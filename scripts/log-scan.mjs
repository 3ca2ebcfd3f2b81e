// Proves that no server log holds a secret. Test servers write their logs to .tmp/logs/*.log and
// append every secret the tests use or receive (passwords, one-time and authenticator codes,
// reset links, session cookies, provider codes and tokens) to .tmp/logs/secrets.txt, one JSON
// line `{ kind, value }` each (server/test/harness.ts). This scans every log line for every
// secret — as written, JSON-escaped and URL-encoded — and exits 1 naming the file, line and kind
// of each find, never the secret itself.
//
// After a clean scan the scanned logs and secrets are removed, so the next run starts empty;
// `--keep` leaves them. A scan with a find keeps everything for a look. `--dir <folder>` scans
// another folder laid out the same way.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dirFlag = process.argv.indexOf('--dir');
const logDir =
  dirFlag > 0 && process.argv[dirFlag + 1] ? resolve(process.argv[dirFlag + 1]) : join(root, '.tmp', 'logs');
const secretsFile = join(logDir, 'secrets.txt');
const keep = process.argv.includes('--keep');

/** Needles at least this long are found by their prefix; shorter ones (six-digit codes) only as a
 * whole token, so that a code cannot match inside a timestamp or a duration. */
const PREFIX = 8;

function fail(message) {
  console.error(`log scan: ${message}`);
  process.exit(1);
}

if (!existsSync(secretsFile)) fail(`no recorded secrets (${relative(root, secretsFile)}); run the server tests first`);
const secretsText = readFileSync(secretsFile, 'utf8');
const secretsRead = Buffer.byteLength(secretsText);

/** kind by needle: every form a secret may take in a JSON log line. */
const long = new Map(); // prefix -> [{ needle, kind }]
const short = new Map(); // token -> kind
const kinds = new Map(); // kind -> distinct secrets
let secretCount = 0;
for (const line of secretsText.split('\n')) {
  if (!line.trim()) continue;
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    continue; // a line cut by a concurrent writer
  }
  if (typeof entry?.value !== 'string' || typeof entry?.kind !== 'string' || entry.value.length < 6) continue;
  secretCount += 1;
  kinds.set(entry.kind, (kinds.get(entry.kind) ?? 0) + 1);
  const forms = new Set([entry.value, JSON.stringify(entry.value).slice(1, -1)]);
  try {
    forms.add(encodeURIComponent(entry.value));
  } catch {
    // Lone surrogates have no URL encoding.
  }
  for (const needle of forms) {
    if (needle.length < PREFIX) short.set(needle, entry.kind);
    else {
      const prefix = needle.slice(0, PREFIX);
      const list = long.get(prefix) ?? [];
      list.push({ needle, kind: entry.kind });
      long.set(prefix, list);
    }
  }
}
if (secretCount === 0) fail('the secrets file lists no secrets');

const logFiles = existsSync(logDir)
  ? readdirSync(logDir)
      .filter((name) => name.endsWith('.log'))
      .map((name) => join(logDir, name))
  : [];
if (logFiles.length === 0) fail(`no log files in ${relative(root, logDir)}; run the server tests first`);

const startedAt = Date.now();
const finds = [];
let lineCount = 0;
let byteCount = 0;
const token = /[A-Za-z0-9_.-]+/g;
for (const file of logFiles) {
  const text = readFileSync(file, 'utf8');
  byteCount += Buffer.byteLength(text);
  const lines = text.split('\n');
  for (let number = 0; number < lines.length; number++) {
    const line = lines[number];
    if (!line) continue;
    lineCount += 1;
    const found = new Set();
    for (let at = 0; at + PREFIX <= line.length; at++) {
      const candidates = long.get(line.slice(at, at + PREFIX));
      if (!candidates) continue;
      for (const { needle, kind } of candidates) if (line.startsWith(needle, at)) found.add(kind);
    }
    if (short.size > 0) {
      for (const match of line.matchAll(token)) {
        const kind = short.get(match[0]);
        if (kind) found.add(kind);
      }
    }
    for (const kind of found) finds.push({ file: relative(root, file), line: number + 1, kind });
  }
}

const summary = `${logFiles.length} log files, ${lineCount} lines (${(byteCount / 1e6).toFixed(1)} MB), ${secretCount} secrets (${[
  ...kinds,
]
  .map(([kind, count]) => `${count} ${kind}`)
  .join(', ')}) checked in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`;

if (finds.length > 0) {
  console.error(`log scan: ${finds.length} secrets found in logs`);
  for (const find of finds.slice(0, 50)) console.error(`  ${find.file}:${find.line}  ${find.kind}`);
  if (finds.length > 50) console.error(`  … and ${finds.length - 50} more`);
  console.error(summary);
  process.exit(1);
}

console.log(`log scan: no secret in any log — ${summary}`);
if (!keep) {
  for (const file of logFiles) rmSync(file, { force: true });
  // Secrets appended while the scan ran belong to logs still being written: keep those.
  const now = readFileSync(secretsFile);
  const rest = now.subarray(secretsRead);
  if (rest.length > 0) writeFileSync(secretsFile, rest);
  else rmSync(secretsFile, { force: true });
  if (existsSync(logDir) && statSync(logDir).isDirectory() && readdirSync(logDir).length === 0)
    rmSync(logDir, { recursive: true, force: true });
}
