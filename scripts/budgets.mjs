// Size budgets of the first load, measured in a real browser against a real server:
//   node scripts/budgets.mjs
// Builds both apps (vite build) and a bare React 19 page with the same Vite config (the floor),
// starts a Helios test server serving the built apps, loads each page in Chromium with a fresh
// cache and records every JavaScript and CSS response the browser asked for until the page is
// usable. Each body is gzipped (level 9) and summed. Font files (woff2, already compressed) are
// recorded too and their bytes printed, outside the budgets. Exit 1 when a budget is exceeded,
// or when a page fetched another language's texts than the one it shows.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { build } from 'vite';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { root } from './lib/toolchain.mjs';

const KB = 1024;
/** Gzipped bytes allowed for each first load. */
const BUDGETS = {
  login: { js: 135 * KB, css: 12 * KB },
  admin: { js: 170 * KB, css: null },
};

/** The launch options of the end-to-end tests (tests/playwright.config.ts). */
const launchOptions = { headless: true, ...chromiumLaunchOptions() };

const scratch = join(root, '.tmp', 'budgets');
/** Each page is measured in both languages, chosen by the browser's locale. */
const LOCALES = [
  ['en', 'en-GB'],
  ['sv', 'sv-SE'],
];

/** Builds an app with its own Vite config; returns the output file of each language's texts. */
async function buildApp(app) {
  const dir = join(root, app);
  const output = await build({ root: dir, configFile: join(dir, 'vite.config.ts'), logLevel: 'error' });
  const languages = {};
  for (const result of [output].flat()) {
    for (const item of result.output ?? []) {
      const match = item.type === 'chunk' && /\/src\/i18n\/(sv|en)\/index\.ts$/.exec(item.facadeModuleId ?? '');
      if (match) languages[match[1]] = item.fileName.split('/').pop();
    }
  }
  return languages;
}

/** The floor: react + react-dom rendering one element, built with the sign-in portal's Vite config. */
async function buildFloor() {
  const dir = join(scratch, 'floor');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Floor</title>\n  </head>\n' +
      '  <body>\n    <div id="root"></div>\n    <script type="module" src="/main.tsx"></script>\n  </body>\n</html>\n',
  );
  writeFileSync(
    join(dir, 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\n\n" +
      "createRoot(document.getElementById('root') as HTMLElement).render(<h1>Helios</h1>);\n",
  );
  await build({
    root: dir,
    configFile: join(root, 'app-auth', 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: join(dir, 'dist'), emptyOutDir: true },
  });
  return join(dir, 'dist');
}

/** Runs in the page from its first script on: notes the moment `isReady()` first holds, checked
 * after every change to the document (before the app's effects run, so what they start later
 * does not count). */
function watchReady(isReady) {
  const check = () => {
    if (window.__readyAt !== undefined || !isReady()) return;
    window.__readyAt = performance.now();
    observer.disconnect();
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/**
 * Loads `url` in a fresh browser context (empty cache) and gzips every JavaScript and CSS
 * response; font responses are kept with their size as sent (`bytes`). `first` is what the browser asked for before the page was usable: before
 * `readyWhen()` held in the page, or, for a page that sends the browser elsewhere, before it
 * asked for `leavesTo`. `idle` is everything fetched until the network went quiet.
 */
async function measure(browser, url, { readyWhen, leavesTo, locale = 'en-GB', cookies = [] }) {
  const context = await browser.newContext({ locale });
  if (cookies.length > 0) await context.addCookies(cookies);
  const page = await context.newPage();
  if (readyWhen) await page.addInitScript(`(${watchReady})(${readyWhen})`);
  const files = [];
  let left = false;
  page.on('request', (request) => {
    if (leavesTo && request.isNavigationRequest() && new URL(request.url()).pathname === leavesTo) left = true;
  });
  // Responses are noted as they arrive; their bodies are fetched again afterwards, since a page that
  // navigates away takes its response bodies with it.
  page.on('response', (response) => {
    if (left) return;
    const type = response.headers()['content-type'] ?? '';
    const kind = /javascript/.test(type)
      ? 'js'
      : /text\/css/.test(type)
        ? 'css'
        : /^font\/|woff2?/.test(type)
          ? 'font'
          : null;
    if (kind) files.push({ kind, url: response.url(), name: new URL(response.url()).pathname });
  });
  await page.goto(url);
  let startedBeforeReady = () => true;
  if (readyWhen) {
    await page.waitForFunction(() => window.__readyAt !== undefined);
    await page.waitForLoadState('networkidle');
    const { readyAt, started } = await page.evaluate(() => ({
      readyAt: window.__readyAt,
      started: performance.getEntriesByType('resource').map((entry) => [entry.name, entry.startTime]),
    }));
    const before = new Set(started.filter(([, at]) => at <= readyAt).map(([name]) => name));
    startedBeforeReady = (file) => before.has(file.url);
  } else {
    await page.waitForURL((address) => address.pathname === leavesTo);
  }
  const all = await Promise.all(
    files.map(async (file) => {
      const response = await context.request.get(file.url);
      if (!response.ok()) throw new Error(`${file.url} answered ${response.status()} when fetched again`);
      const body = await response.body();
      return { ...file, bytes: body.length, gz: gzipSync(body, { level: 9 }).length };
    }),
  );
  await context.close();
  const first = all.filter(startedBeforeReady);
  const sum = (list, kind) => list.filter((file) => file.kind === kind).reduce((total, file) => total + file.gz, 0);
  const fonts = all.filter((file) => file.kind === 'font').reduce((total, file) => total + file.bytes, 0);
  return { files: first, all, js: sum(first, 'js'), css: sum(first, 'css'), idleJs: sum(all, 'js'), fonts };
}

const kb = (bytes) => (bytes === null ? '—' : `${(bytes / KB).toFixed(1)} KB`);

async function main() {
  console.log('Building the apps and the floor (vite build)…');
  const authLanguages = await buildApp('app-auth');
  const adminLanguages = await buildApp('app-admin');
  const floorDist = await buildFloor();

  // The harness and the server's static serving are TypeScript: load them through tsx.
  const fromServer = createRequire(join(root, 'server', 'package.json'));
  const tsxManifest = fromServer.resolve('tsx/package.json');
  const tsxApi = JSON.parse(readFileSync(tsxManifest, 'utf8')).exports['./esm/api'].import.default;
  const { register } = await import(pathToFileURL(join(dirname(tsxManifest), tsxApi)).href);
  register();
  const { startTestServer } = await import(pathToFileURL(join(root, 'server/test/harness.ts')).href);
  const { createAccount, PASSWORD } = await import(pathToFileURL(join(root, 'server/test/fixtures.ts')).href);
  const { registerWebApps } = await import(pathToFileURL(join(root, 'server/src/web/static.ts')).href);
  const { default: fastify } = await import(pathToFileURL(fromServer.resolve('fastify')).href);

  const helios = await startTestServer();
  const floorServer = fastify();
  await registerWebApps(floorServer, [{ name: 'floor', dist: floorDist, base: '/' }]);
  const floorUrl = await floorServer.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch(launchOptions);

  const rows = [];
  try {
    // The email field is in the document, shown, and takes typing.
    const emailUsable = () => {
      const input = document.querySelector('input[type="email"]');
      return input instanceof HTMLInputElement && !input.disabled && !input.readOnly && input.offsetParent !== null;
    };
    for (const [language, locale] of LOCALES) {
      const result = await measure(browser, `${helios.url}/login`, { readyWhen: emailUsable, locale });
      rows.push({ page: `/login (${language})`, budget: BUDGETS.login, result, language, languages: authLanguages });
    }

    // Signed out: everything the console loads before it sends the browser to the sign-in page.
    const signedOut = await measure(browser, `${helios.url}/admin`, { leavesTo: '/login' });
    rows.push({
      page: '/admin signed out',
      budget: BUDGETS.admin,
      result: signedOut,
      language: 'en',
      languages: adminLanguages,
    });

    // Signed in: the console's navigation and its start page, the tenant list with its search box.
    const admin = await createAccount(helios.ctx, { password: PASSWORD, isAdmin: true });
    const client = helios.browser();
    const started = await client.api.call('start', { body: { email: admin.email } });
    await client.api.call('verifyPassword', {
      body: { session_id: started.session_id, email: admin.email, password: PASSWORD },
    });
    const cookies = [...client.cookies].map(([name, value]) => ({ name, value, url: helios.url }));
    const consoleUsable = () => {
      const search = document.querySelector('input[role="combobox"]');
      return document.querySelector('nav') !== null && search instanceof HTMLInputElement && !search.disabled;
    };
    for (const [language, locale] of LOCALES) {
      const result = await measure(browser, `${helios.url}/admin`, { readyWhen: consoleUsable, locale, cookies });
      rows.push({
        page: `/admin signed in (${language})`,
        budget: BUDGETS.admin,
        result,
        language,
        languages: adminLanguages,
      });
    }

    const floor = await measure(browser, floorUrl, { readyWhen: () => document.querySelector('h1') !== null });

    const problems = [];
    const table = [
      ['page', 'JS gz', 'CSS gz', 'JS budget', 'CSS budget', 'floor JS gz', 'JS gz at idle', 'fonts', 'texts loaded'],
    ];
    for (const row of rows) {
      const { js, css, idleJs, fonts, all } = row.result;
      const names = new Set(all.map((file) => file.name.split('/').pop()));
      const loaded = Object.entries(row.languages)
        .filter(([, file]) => names.has(file))
        .map(([language]) => language);
      if (js > row.budget.js) problems.push(`${row.page}: ${kb(js)} of JavaScript, budget ${kb(row.budget.js)}`);
      if (row.budget.css !== null && css > row.budget.css)
        problems.push(`${row.page}: ${kb(css)} of CSS, budget ${kb(row.budget.css)}`);
      if (loaded.length !== 1 || loaded[0] !== row.language)
        problems.push(`${row.page}: loaded the texts of ${loaded.join(' + ') || 'no language'}`);
      table.push([
        row.page,
        kb(js),
        kb(css),
        kb(row.budget.js),
        kb(row.budget.css),
        kb(floor.js),
        kb(idleJs),
        kb(fonts),
        loaded.join(' + ') || 'none',
      ]);
    }
    table.push([
      'floor: bare React 19 page',
      kb(floor.js),
      kb(floor.css),
      '',
      '',
      '',
      kb(floor.idleJs),
      kb(floor.fonts),
      '',
    ]);

    const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
    console.log(
      '\nFirst load: gzip level 9 of each file, summed (1 KB = 1024 bytes); fonts: woff2 bytes as sent until idle, not budgeted\n',
    );
    for (const [index, line] of table.entries()) {
      const cells = line.map((cell, column) =>
        column === 0 || column === line.length - 1 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
      );
      console.log(cells.join('  ').trimEnd());
      if (index === 0) console.log(widths.map((width) => '─'.repeat(width)).join('  '));
    }

    if (process.argv.includes('--files')) {
      for (const row of [...rows, { page: 'floor', result: floor }]) {
        console.log(`\n${row.page}`);
        for (const file of [...row.result.all].sort((a, b) => b.gz - a.gz)) {
          const late = row.result.files.includes(file) ? '' : '  (after ready)';
          const size = file.kind === 'font' ? `${kb(file.bytes)} woff2` : kb(file.gz);
          console.log(`  ${size.padStart(9)}  ${file.name}${late}`);
        }
      }
    }

    if (problems.length > 0) {
      console.error(`\nOver budget:\n${problems.map((problem) => `  ✘ ${problem}`).join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log("\nEvery first load is within its budget, with only its own language's texts.");
    }
  } finally {
    await browser.close();
    await floorServer.close();
    await helios.close();
  }
}

await main();
