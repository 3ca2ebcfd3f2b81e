// Proves the design system works as published: packs @helios/design-system and installs the
// tarball into two scratch apps outside the workspace, builds each and renders it in Chromium:
//   - a Vite + React app: a Button with the package's styles and its font;
//   - a Next.js App Router app whose page is a server component rendering the OtpInput and a
//     dialog: the built entry must start with "use client" for that page to build, render and
//     hydrate.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { chromium } from 'playwright';
import { chromiumLaunchOptions } from './lib/chromium.mjs';
import { pnpmCommand, root } from './lib/toolchain.mjs';
import { firstStatement, startsWithUseClient } from './lib/use-client.mjs';

/** The Next.js release the App Router app is built with (from the registry, not the workspace). */
const NEXT_VERSION = '16.4.6';
const MINUTE = 60_000;

const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
const childEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
/** Runs pnpm quietly; when it fails (or outlasts `timeout` ms) its output is printed as text. */
function pnpm(args, cwd, timeout = 5 * MINUTE) {
  try {
    execFileSync(pnpmBin, [...pnpmPrefix, ...args], {
      cwd,
      env: childEnv,
      timeout,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch (error) {
    process.stderr.write(error.stdout ?? '');
    throw new Error(`pnpm ${args.join(' ')} failed in ${cwd}${error.signal ? ` (${error.signal})` : ''}`);
  }
}
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** Writes `files` (path relative to `dir` → text) into `dir`. */
function writeFiles(dir, files) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), typeof text === 'string' ? text : `${JSON.stringify(text, null, 2)}\n`);
  }
}

/** Same pnpm settings as the workspace: esbuild may build, pnpm does not self-manage. Next.js's
 * optional image library is not built: the page has no images. */
const pnpmSettings = 'allowBuilds:\n  esbuild: true\n  sharp: false\npmOnFail: ignore\n';

/** Fails unless the first statement of the installed package's entry is the "use client" directive. */
function checkUseClient(app) {
  const entry = join(app, 'node_modules', '@helios', 'design-system', 'dist', 'index.js');
  if (!startsWithUseClient(entry)) {
    throw new Error(`the first statement of dist/index.js is not "use client": ${firstStatement(entry).slice(0, 80)}`);
  }
}

/** Opens `url` and collects every error the page throws or logs (a failed hydration logs one),
 * except the browser's own request for a favicon the apps do not have. */
async function openPage(browser, url) {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text());
  });
  await page.goto(url);
  return { page, errors };
}

/** Fails unless `locator`'s background is painted: the published stylesheet is applied. */
async function backgroundOf(locator, what) {
  const background = await locator.evaluate((element) => getComputedStyle(element).backgroundColor);
  if (!background || background === 'rgba(0, 0, 0, 0)') {
    throw new Error(`the published stylesheet did not style ${what} (background: ${background})`);
  }
  return background;
}

/** Fails unless the page's text is drawn in Inter loaded from the published fonts.css. */
async function checkFont(page, app) {
  const { family, loaded } = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      family: getComputedStyle(document.body).fontFamily,
      loaded: [...document.fonts].some(
        (face) => face.family.replaceAll('"', '') === 'Inter Variable' && face.status === 'loaded',
      ),
    };
  });
  if (!family.startsWith('"Inter Variable"') || !loaded) {
    throw new Error(`${app}: the page is not drawn in Inter (font-family ${family}, font loaded: ${loaded})`);
  }
}

function failOnErrors(errors, app) {
  if (errors.length > 0) throw new Error(`${app}: the page reported errors:\n  ${errors.join('\n  ')}`);
}

/** A port nothing listens on now. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function checkViteApp(browser, scratch, tarball) {
  const app = join(scratch, 'vite-app');
  writeFiles(app, {
    'package.json': {
      name: 'design-system-vite-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@helios/design-system': `file:../${tarball}`,
        react: versionOf('react'),
        'react-dom': versionOf('react-dom'),
      },
      devDependencies: { vite: versionOf('vite'), '@vitejs/plugin-react': versionOf('@vitejs/plugin-react') },
    },
    'pnpm-workspace.yaml': pnpmSettings,
    'vite.config.js': "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
    'index.html':
      '<!doctype html><html lang="en"><head><title>Consumer</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
    'src/main.jsx': [
      "import '@helios/design-system/styles.css';",
      "import '@helios/design-system/fonts.css';",
      "import { Button } from '@helios/design-system';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.getElementById('root')).render(<Button>Published button</Button>);",
    ].join('\n'),
  });

  pnpm(['install', '--prefer-offline'], app);
  checkUseClient(app);
  pnpm(['exec', 'vite', 'build', '--logLevel', 'warn'], app);

  const dist = join(app, 'dist');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2' };
  const server = createServer((request, response) => {
    const path = request.url === '/' ? '/index.html' : (request.url ?? '/');
    try {
      const body = readFileSync(join(dist, path.replace(/\.\.+/g, '')));
      response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { page, errors } = await openPage(browser, `http://127.0.0.1:${server.address().port}/`);
    const button = page.getByRole('button', { name: 'Published button' });
    await button.waitFor();
    const background = await backgroundOf(button, 'the button');
    await checkFont(page, 'Vite app');
    failOnErrors(errors, 'Vite app');
    console.log(`consumer check: Vite app rendered Button (background ${background}) in Inter`);
  } finally {
    server.close();
  }
}

/** The scratch Next.js app: the layout loads the package's CSS, the page is a server component. */
const nextAppFiles = (tarball) => ({
  'package.json': {
    name: 'design-system-next-consumer',
    private: true,
    scripts: { build: 'next build', start: 'next start' },
    dependencies: {
      '@helios/design-system': `file:../${tarball}`,
      next: NEXT_VERSION,
      react: versionOf('react'),
      'react-dom': versionOf('react-dom'),
    },
    devDependencies: {
      typescript: versionOf('typescript'),
      '@types/node': versionOf('@types/node'),
      '@types/react': versionOf('@types/react'),
      '@types/react-dom': versionOf('@types/react-dom'),
    },
  },
  'pnpm-workspace.yaml': pnpmSettings,
  'tsconfig.json': {
    compilerOptions: {
      target: 'ES2022',
      lib: ['dom', 'dom.iterable', 'esnext'],
      strict: true,
      noEmit: true,
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      isolatedModules: true,
      skipLibCheck: true,
      plugins: [{ name: 'next' }],
    },
    include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
    exclude: ['node_modules'],
  },
  'app/layout.tsx': `import '@helios/design-system/styles.css';
import '@helios/design-system/fonts.css';
import type { ReactNode } from 'react';

export const metadata = { title: 'Design system in Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.tsx': `// A server component (no "use client" here): the package's entry is a client module, so its
// components render on the server and hydrate in the browser. An uncontrolled Dialog needs no
// handler, so a server component composes it from the parts.
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  OtpInput,
} from '@helios/design-system';

export default function Page() {
  return (
    <main>
      <h1>Design system in Next.js</h1>
      <OtpInput label="One-time code" />
      <Dialog>
        <DialogTrigger asChild>
          <Button>Open dialog</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Remove the account?</DialogTitle>
          <DialogDescription>This cannot be undone.</DialogDescription>
        </DialogContent>
      </Dialog>
    </main>
  );
}
`,
});

/** Answers once `url` answers 200, or fails after `timeout` ms or when `server` exits. */
async function waitUntilServing(url, server, timeout) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`next start did not answer ${url} within ${timeout / 1000} s`);
}

async function checkNextApp(browser, scratch, tarball) {
  const app = join(scratch, 'next-app');
  writeFiles(app, nextAppFiles(tarball));
  pnpm(['install', '--prefer-offline'], app);
  pnpm(['exec', 'next', 'build'], app, 10 * MINUTE);

  const port = await freePort();
  // Its own process group, so that the server and any worker it starts stop together.
  const server = spawn(
    join(app, 'node_modules', '.bin', 'next'),
    ['start', '--port', String(port), '-H', '127.0.0.1'],
    {
      cwd: app,
      env: childEnv,
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    const url = `http://127.0.0.1:${port}/`;
    await waitUntilServing(url, server, MINUTE);
    const { page, errors } = await openPage(browser, url);
    const otp = page.getByRole('group', { name: 'One-time code' });
    await otp.waitFor();
    const boxes = await otp.getByRole('textbox').count();
    if (boxes !== 6) throw new Error(`Next.js app: the OtpInput shows ${boxes} boxes, not 6`);

    const trigger = page.getByRole('button', { name: 'Open dialog' });
    const background = await backgroundOf(trigger, 'the dialog trigger');
    await checkFont(page, 'Next.js app');
    // A click before the page has hydrated does nothing: click until the dialog opens.
    const dialog = page.getByRole('dialog', { name: 'Remove the account?' });
    const deadline = Date.now() + 30_000;
    while (!(await dialog.isVisible())) {
      if (Date.now() > deadline) throw new Error('Next.js app: the dialog did not open');
      // Once the dialog is open its overlay covers the trigger: a click then gives up quickly.
      await trigger.click({ timeout: 2000 }).catch(() => {});
      await dialog.waitFor({ timeout: 1000 }).catch(() => {});
    }
    failOnErrors(errors, 'Next.js app');
    console.log(
      `consumer check: Next.js ${NEXT_VERSION} App Router page (server component) rendered OtpInput (${boxes} boxes), ` +
        `a Button (background ${background}) in Inter, and opened the dialog`,
    );
  } finally {
    await stop(server);
  }
}

/** Stops a process started `detached` and everything in its group; waits until it has exited
 * (killing it after 10 s), so its files can be removed. */
async function stop(child) {
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group has already gone.
    }
  };
  signalGroup('SIGTERM');
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const scratch = mkdtempSync(join(tmpdir(), 'helios-consumer-'));
try {
  pnpm(['pack', '--pack-destination', scratch], join(root, 'design-system'));
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack produced no tarball');
  console.log(`consumer check: packed ${tarball}`);

  const browser = await chromium.launch({ headless: true, ...chromiumLaunchOptions() });
  try {
    await checkViteApp(browser, scratch, tarball);
    await checkNextApp(browser, scratch, tarball);
  } finally {
    await browser.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
