import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The fixed address the stories are served from (Storybook's usual port; stop `pnpm storybook` or
 * set VISUAL_PORT, which changes the pictures that show it): some screens show their own origin (the OIDC
 * issuer), so it must not change between runs. localhost keeps it a secure context. */
const PORT = Number(process.env.VISUAL_PORT ?? 6006);

/**
 * Rendering that does not depend on the machine: the text is in Inter, which the stories load
 * from the design system (fonts.css), and Debian's Liberation Mono instead of whatever the
 * monospace stack resolves to; no transitions, no caret, no focus indicators. Part of the page
 * before any story renders.
 */
const STABLE_RENDERING = `<style data-visual-test>
html:root {
  --font-mono: "Liberation Mono", monospace;
}
*, *::before, *::after {
  transition: none !important;
  caret-color: transparent !important;
}
/* Whether the focused element still matches :focus-visible when the picture is taken depends on
   timing on a busy machine, so focus indicators stay out of the pictures (the story tests check
   where focus is): the ring (the focus-ring utility) and the code boxes' focused border. */
:focus-visible {
  outline-color: transparent !important;
}
input:focus-visible {
  border-color: var(--input) !important;
}
input[aria-invalid="true"]:focus-visible {
  border-color: var(--destructive) !important;
}
</style>`;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/**
 * Builds the Storybook once (the same static build Chromatic publishes, screenshotted as people
 * see it) and serves it on localhost for the run. `STORYBOOK_STATIC=<dir>` reuses a build made
 * before (e.g. by `pnpm build-storybook`).
 */
export default async function globalSetup() {
  const prebuilt = process.env.STORYBOOK_STATIC;
  const dir = prebuilt ? resolve(root, prebuilt) : join(root, '.tmp', 'visual-storybook');
  if (!prebuilt) {
    const storybook = join(root, 'node_modules', '.bin', 'storybook');
    execFileSync(storybook, ['build', '--quiet', '--disable-telemetry', '-o', dir], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(join(dir, 'index.json'))) throw new Error(`No Storybook build with an index.json in ${dir}`);

  const cache = new Map<string, Buffer | null>();
  const read = (path: string) => {
    if (!cache.has(path)) {
      const file = normalize(join(dir, path));
      let body: Buffer | null = null;
      if (file.startsWith(dir + sep) && existsSync(file)) {
        try {
          body = readFileSync(file);
        } catch {
          body = null; // a folder
        }
      }
      if (body && path === '/iframe.html')
        body = Buffer.from(body.toString('utf8').replace('</head>', `${STABLE_RENDERING}</head>`));
      cache.set(path, body);
    }
    return cache.get(path) ?? null;
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const body = read(path);
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    response.end(body);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', (error) =>
      fail(new Error(`Cannot serve the Storybook on localhost:${PORT} (set VISUAL_PORT?): ${error.message}`)),
    );
    server.listen(PORT, '127.0.0.1', done);
  });
  process.env.VISUAL_STORYBOOK_DIR = dir;
  process.env.VISUAL_ORIGIN = `http://localhost:${PORT}`;
  return () => new Promise<void>((done) => server.close(() => done()));
}
