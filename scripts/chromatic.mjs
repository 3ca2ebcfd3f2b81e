// `pnpm chromatic`: publishes the Storybook to Chromatic for visual review when a project token
// is configured; otherwise says so and exits successfully, so local runs and CI need no token.
// Chromatic snapshots every story in the light and the dark theme (the `chromatic.modes`
// parameter in .storybook/preview.tsx); without Chromatic the same stories are compared with
// committed baselines by tests/visual (docs/visual.md).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log(
    'chromatic: skipped — set CHROMATIC_PROJECT_TOKEN (Chromatic › Manage › Configure) to publish every story ' +
      'in both themes for visual review. Local screenshot tests need no token: see docs/visual.md.',
  );
  process.exit(0);
}

// The CLI from this repository's dependencies, so `node scripts/chromatic.mjs` works outside pnpm too.
const require = createRequire(import.meta.url);
const manifestPath = require.resolve('chromatic/package.json');
const cli = join(dirname(manifestPath), require(manifestPath).bin.chromatic);
const result = spawnSync(
  process.execPath,
  [cli, '--exit-zero-on-changes', '--build-script-name', 'build-storybook', ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
if (result.error) console.error(`chromatic: could not start the CLI: ${result.error.message}`);
process.exit(result.status ?? 1);
