// `npm test`: installs what a fresh machine lacks, then runs every check of the repository and
// prints one summary. Exit code 0 only when every step passed.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runOnSupportedNode } from './lib/node-runtime.mjs';
import { reachable } from './lib/reachable.mjs';
import { countTests, failedTests } from './lib/reports.mjs';
import { ensureChromium, pnpm, root } from './lib/toolchain.mjs';

runOnSupportedNode();

const reports = join(root, '.tmp', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
// Test servers log here (and record the secrets tests use); the last step scans it.
rmSync(join(root, '.tmp', 'logs'), { recursive: true, force: true });

const chromium = ensureChromium();
const env = { CHROMIUM_PATH: chromium };
const frozen = process.env.CI ? ['--frozen-lockfile'] : ['--prefer-offline'];

/** PostgreSQL and Redis for the second server run: CI has both; elsewhere the run is skipped
 * when they are not reachable. */
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const services = (await reachable(databaseUrl)) && (await reachable(redisUrl));

/** Each step: a name, the pnpm arguments, and optionally a vitest JSON report to count tests from. */
const steps = [
  { name: 'install', args: ['install', ...frozen] },
  { name: 'lint + format (biome)', args: ['exec', 'biome', 'ci', '.'] },
  { name: 'type-check', args: ['run', 'check:types'] },
  { name: 'unit tests', args: vitest('unit'), report: 'unit' },
  { name: 'server (embedded)', args: vitest('server', 'server-embedded'), report: 'server-embedded' },
  {
    name: 'server (PostgreSQL + Redis)',
    args: vitest('server', 'server-services'),
    report: 'server-services',
    env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
    skip: services ? null : `PostgreSQL (${databaseUrl}) or Redis (${redisUrl}) not reachable`,
    required: Boolean(process.env.CI),
  },
  {
    name: 'several nodes, faults, load',
    args: vitest('scale'),
    report: 'scale',
    env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
    skip: services ? null : `PostgreSQL (${databaseUrl}) or Redis (${redisUrl}) not reachable`,
    required: Boolean(process.env.CI),
  },
  { name: 'design-system build', args: ['--filter', '@helios/design-system', 'run', 'build'] },
  { name: 'package lint (publint)', args: ['--filter', '@helios/design-system', 'run', 'lint:package'] },
  { name: 'story tests (Chromium)', args: vitest('stories'), report: 'stories' },
  // The Storybook other teams read (docs pages, props tables), built once: the screenshots use it too.
  { name: 'storybook build', args: ['run', 'build-storybook', '--quiet'] },
  { name: 'storybook docs pages', args: ['exec', 'node', 'scripts/storybook-docs-check.mjs'] },
  {
    name: 'visual regression (Chromium)',
    args: ['exec', 'playwright', 'test', '-c', 'tests/visual/playwright.config.ts'],
    report: 'visual',
    env: { STORYBOOK_STATIC: 'storybook-static' },
  },
  { name: 'consumer check', args: ['exec', 'node', 'scripts/consumer-check.mjs'] },
  { name: 'size budgets', args: ['exec', 'node', 'scripts/budgets.mjs'] },
  {
    name: 'end-to-end (Chromium)',
    args: ['exec', 'playwright', 'test', '-c', 'tests/playwright.config.ts'],
    report: 'e2e',
  },
  { name: 'secrets in logs', args: ['exec', 'node', 'scripts/log-scan.mjs'] },
];

function vitest(project, report = project) {
  return [
    'exec',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${join(reports, `${report}.json`)}`,
  ];
}

const results = [];
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  if (step.skip) {
    console.log(`skipped: ${step.skip}`);
    results.push({ ...step, ok: !step.required, seconds: 0, counts: null, skipped: true });
    continue;
  }
  const started = Date.now();
  const status = pnpm(step.args, { env: { ...env, ...step.env } });
  const reportFile = step.report ? join(reports, `${step.report}.json`) : null;
  const counts = reportFile ? countTests(reportFile) : null;
  results.push({ ...step, ok: status === 0, seconds: (Date.now() - started) / 1000, counts, reportFile });
  if (status !== 0 && step.name === 'install') break;
}

console.log('\n━━ summary ━━');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const result of results) {
  const tests = result.counts ? `  ${result.counts.passed} passed, ${result.counts.failed} failed` : '';
  const mark = result.skipped ? (result.ok ? '–' : '✘') : result.ok ? '✔' : '✘';
  const note = result.skipped ? `  skipped: ${result.skip}` : tests;
  console.log(`${mark} ${result.name.padEnd(28)} ${result.seconds.toFixed(1).padStart(6)} s${note}`);
  if (result.reportFile && !result.ok) {
    for (const failure of failedTests(result.reportFile, root)) {
      console.log(`    ✘ ${failure.name}${failure.error ? `\n      ${failure.error}` : ''}`);
    }
  }
  if (result.counts) {
    passed += result.counts.passed;
    failed += result.counts.failed;
    skipped += result.counts.skipped;
  } else if (!result.ok) {
    failed += 1;
  }
}
const allOk = results.length === steps.length && results.every((result) => result.ok);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
