// `pnpm lighthouse`: Lighthouse (mobile profile, simulated throttling) on the pages people
// land on, as they get them: the apps built with Vite, a real Helios server (embedded, or
// PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set), Debian's Chromium. Signed-in pages
// get the portal session of a real sign-in through the API. Prints performance and accessibility
// scores, LCP, TBT and CLS per page beside its targets; exits 1 when a target is missed.
//
//   node scripts/lighthouse.mjs [--runs 3] [--no-build]
//
// --runs N   audits each page N times and reports the run with the median performance score.
// --no-build uses the apps already in app-auth/dist and app-admin/dist.
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { root } from './lib/toolchain.mjs';

const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, 'no-build': { type: 'boolean', default: false } },
});
const RUNS = Math.max(1, Number(flags.runs));

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The pages and their targets: the sign-in page is the first thing everyone loads. */
const PAGES = [
  { path: '/login', who: null, performance: 95, accessibility: 100 },
  { path: '/login/select-tenant', who: 'member', performance: 90, accessibility: 100 },
  { path: '/profile', who: 'member', performance: 90, accessibility: 100 },
  { path: '/admin', who: 'admin', performance: 90, accessibility: 100 },
];

function buildApps() {
  for (const app of ['app-auth', 'app-admin']) {
    const dir = join(root, app);
    const vite = join(dirname(createRequire(join(dir, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
    console.log(`building ${app}…`);
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'error'], { cwd: dir, stdio: 'inherit' });
  }
}

/** The server's test harness is TypeScript: load it through the server's tsx. */
async function loadHarness() {
  const tsxManifest = createRequire(join(root, 'server', 'package.json')).resolve('tsx/package.json');
  const entry = JSON.parse(readFileSync(tsxManifest, 'utf8')).exports['./esm/api'].import.default;
  const { register } = await import(pathToFileURL(join(dirname(tsxManifest), entry)).href);
  register();
  const harness = await import(pathToFileURL(join(root, 'server/test/harness.ts')).href);
  const fixtures = await import(pathToFileURL(join(root, 'server/test/fixtures.ts')).href);
  return { ...harness, ...fixtures };
}

/** Lighthouse's own chrome-launcher (a dependency of lighthouse, not of this repository). */
async function loadLighthouse() {
  const lighthouseManifest = realpathSync(join(root, 'node_modules/lighthouse/package.json'));
  const fromLighthouse = createRequire(lighthouseManifest);
  const launcher = await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href);
  const { default: lighthouse } = await import('lighthouse');
  const { version } = JSON.parse(readFileSync(lighthouseManifest, 'utf8'));
  return { lighthouse, launch: launcher.launch, version };
}

/** Signs in through the login API; answers the `helios_session` cookie. */
async function signIn(server, email, password) {
  const browser = server.browser();
  const started = await browser.api.call('start', { body: { email } });
  const done = await browser.api.call('verifyPassword', {
    body: { session_id: started.session_id, email, password },
  });
  if (done.state !== 'Done') throw new Error(`sign-in of ${email} ended in ${done.state}`);
  const session = browser.cookies.get('helios_session');
  if (!session) throw new Error('no portal session after signing in');
  return `helios_session=${session}`;
}

/** One Lighthouse run of a page. A run Lighthouse itself could not record (a lost trace, which
 * a busy machine causes now and then) is tried again, twice at most. */
async function audit(lighthouse, port, base, page, cookies) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(`${base}${page.path}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      ...(page.who ? { extraHeaders: { Cookie: cookies[page.who] } } : {}),
    });
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`${page.path}: ${error.message}`);
    console.log(`${page.path}: Lighthouse could not record the run (${error.code}); trying again`);
  }
}

const score = (category) => Math.round((category?.score ?? 0) * 100);

function figures(lhr) {
  const audit = (id) => lhr.audits[id];
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? Number.NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? Number.NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? Number.NaN,
    finalUrl: lhr.finalDisplayedUrl,
    lcpElement: audit('lcp-breakdown-insight')?.details?.items?.find((item) => item.type === 'node')?.snippet ?? null,
    shifts: (audit('layout-shifts')?.details?.items ?? [])
      .slice(0, 3)
      .map((item) => `${item.node?.snippet ?? item.node?.selector ?? 'unknown element'} (${item.score.toFixed(3)})`),
    warnings: lhr.runWarnings ?? [],
    failedAccessibility: lhr.categories.accessibility.auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id].title}`),
    opportunities: Object.values(lhr.audits)
      .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) >= 100)
      .sort((a, b) => b.details.overallSavingsMs - a.details.overallSavingsMs)
      .slice(0, 3)
      .map((a) => `${a.title} (≈${Math.round(a.details.overallSavingsMs)} ms)`),
  };
}

async function main() {
  if (!flags['no-build']) buildApps();
  const { startTestServer, createAccount, createTenant, PASSWORD } = await loadHarness();
  const { lighthouse, launch, version } = await loadLighthouse();

  const server = await startTestServer();
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  const results = [];
  try {
    // A member of three instances (the tenant picker lists them) and a platform admin.
    const tenants = [];
    for (const name of ['northwind', 'contoso', 'fabrikam']) tenants.push(await createTenant(server.ctx, name));
    const member = await createAccount(server.ctx, {
      name: 'Maja Lindqvist',
      password: PASSWORD,
      tenants: tenants.map((tenant) => ({ id: tenant.id })),
    });
    const admin = await createAccount(server.ctx, { name: 'Erik Admin', password: PASSWORD, isAdmin: true });
    const cookies = {
      member: await signIn(server, member.email, PASSWORD),
      admin: await signIn(server, admin.email, PASSWORD),
    };

    console.log(
      `\nLighthouse ${version}, mobile, simulated throttling, ${RUNS} run(s) per page, against ${server.url}\n`,
    );
    for (const page of PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(figures(await audit(lighthouse, chrome.port, server.url, page, cookies)));
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)];
      const ok = median.performance >= page.performance && median.accessibility >= page.accessibility;
      results.push({ page, median, ok });
      const landed = new URL(median.finalUrl).pathname;
      console.log(
        `${page.path.padEnd(22)} performance ${String(median.performance).padStart(3)} (≥ ${page.performance})` +
          `  accessibility ${String(median.accessibility).padStart(3)} (≥ ${page.accessibility})` +
          `  LCP ${(median.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(median.tbtMs)} ms  CLS ${median.cls.toFixed(3)}` +
          `  ${ok ? 'ok' : 'BELOW TARGET'}${landed !== page.path ? `  (landed on ${landed})` : ''}`,
      );
      if (RUNS > 1)
        console.log(`${''.padEnd(22)} performance of the runs: ${runs.map((r) => r.performance).join(', ')}`);
      for (const failed of median.failedAccessibility) console.log(`${''.padEnd(22)} accessibility: ${failed}`);
      // Any shift is named, on a page that meets its targets too: the content should not move.
      for (const shift of median.cls > 0 ? median.shifts : []) console.log(`${''.padEnd(22)} layout shift: ${shift}`);
      if (median.performance < page.performance) {
        if (median.lcpElement) console.log(`${''.padEnd(22)} LCP element: ${median.lcpElement}`);
        for (const opportunity of median.opportunities) console.log(`${''.padEnd(22)} opportunity: ${opportunity}`);
      }
      for (const warning of median.warnings) console.log(`${''.padEnd(22)} warning: ${warning}`);
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  const missed = results.filter((result) => !result.ok);
  console.log(missed.length === 0 ? '\nevery page met its targets' : `\n${missed.length} page(s) below target`);
  process.exitCode = missed.length === 0 ? 0 : 1;
}

await main();
