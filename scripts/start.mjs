// `npm start`: installs with the pinned pnpm, builds the apps and the server, and starts Helios
// on one port as a deployment runs it (the built server in plain Node) with the embedded database
// and the demo accounts (printed with how to sign in as each).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runOnSupportedNode } from './lib/node-runtime.mjs';
import { pnpm, root } from './lib/toolchain.mjs';

runOnSupportedNode();

const steps = [
  ['install', '--prefer-offline'],
  ['--filter', '@helios/server', 'run', 'build'],
];
for (const app of ['app-auth', 'app-admin']) {
  const manifest = JSON.parse(readFileSync(join(root, app, 'package.json'), 'utf8'));
  if (manifest.scripts?.build) steps.push(['--filter', `@helios/${app}`, 'run', 'build']);
}
for (const args of steps) {
  const status = pnpm(args);
  if (status !== 0) process.exit(status);
}
process.exit(
  pnpm(['--filter', '@helios/server', 'exec', 'node', 'dist/cli.js', 'serve', '--seed-demo'], {
    env: { DATA_DIR: process.env.DATA_DIR ?? join(root, '.data') },
  }),
);
