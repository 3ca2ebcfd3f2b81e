// Proves the design system works as published: packs @helios/design-system, installs the tarball
// into a scratch Vite + React app outside the workspace, builds that app, and renders it in
// Chromium, checking that a component appears with the package's styles applied.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium } from 'playwright';
import { pnpmCommand, root } from './lib/toolchain.mjs';

const [pnpmBin, ...pnpmPrefix] = pnpmCommand();
const pnpm = (args, cwd) =>
  execFileSync(pnpmBin, [...pnpmPrefix, ...args], { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

const scratch = mkdtempSync(join(tmpdir(), 'helios-consumer-'));
try {
  pnpm(['pack', '--pack-destination', scratch], join(root, 'design-system'));
  const tarball = readdirSync(scratch).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack produced no tarball');

  const app = join(scratch, 'app');
  mkdirSync(join(app, 'src'), { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'design-system-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@helios/design-system': `file:../${tarball}`,
        react: versionOf('react'),
        'react-dom': versionOf('react-dom'),
      },
      devDependencies: { vite: versionOf('vite'), '@vitejs/plugin-react': versionOf('@vitejs/plugin-react') },
    }),
  );
  // Same pnpm settings as the workspace: esbuild may build, pnpm does not self-manage.
  writeFileSync(join(app, 'pnpm-workspace.yaml'), 'allowBuilds:\n  esbuild: true\npmOnFail: ignore\n');
  writeFileSync(
    join(app, 'vite.config.js'),
    "import react from '@vitejs/plugin-react';\nexport default { plugins: [react()] };\n",
  );
  writeFileSync(
    join(app, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Consumer</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(app, 'src', 'main.jsx'),
    [
      "import '@helios/design-system/styles.css';",
      "import { Button } from '@helios/design-system';",
      "import { createRoot } from 'react-dom/client';",
      "createRoot(document.getElementById('root')).render(<Button>Published button</Button>);",
    ].join('\n'),
  );

  pnpm(['install', '--prefer-offline'], app);
  pnpm(['exec', 'vite', 'build', '--logLevel', 'warn'], app);

  const dist = join(app, 'dist');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
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
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    const button = page.getByRole('button', { name: 'Published button' });
    await button.waitFor();
    const background = await button.evaluate((element) => getComputedStyle(element).backgroundColor);
    if (!background || background === 'rgba(0, 0, 0, 0)') {
      throw new Error(`the published stylesheet did not style the button (background: ${background})`);
    }
    console.log(
      `consumer check: packed ${tarball}, built a Vite app with it, rendered Button (background ${background})`,
    );
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
