// `node scripts/node24.mjs <command…>`: runs a command under Node 24 (the system's, or one from the
// npm registry, as `npm start` and `npm test` do), for the scripts people run by hand (`pnpm bench`).
import { spawnSync } from 'node:child_process';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

runOnSupportedNode();
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/node24.mjs <command> [arguments…]');
  process.exit(2);
}
const result = spawnSync(command, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
