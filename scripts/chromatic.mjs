// `pnpm chromatic`: publishes the Storybook to Chromatic for visual review when a project token
// is configured; otherwise says so and exits successfully, so local runs and CI need no token.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('chromatic: skipped — set CHROMATIC_PROJECT_TOKEN to publish the Storybook for visual review.');
  process.exit(0);
}
const result = spawnSync('chromatic', ['--exit-zero-on-changes', '--build-script-name', 'build-storybook'], {
  stdio: 'inherit',
  shell: false,
});
process.exit(result.status ?? 1);
