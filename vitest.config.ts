import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumLaunchOptions } from './scripts/lib/chromium.mjs';

export default defineConfig({
  test: {
    projects: [
      {
        // Unit tests see the design system's source, never a stale build.
        resolve: {
          alias: { '@helios/design-system': fileURLToPath(new URL('design-system/src/index.ts', import.meta.url)) },
        },
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'design-system/src/**/*.test.ts',
            'api/src/**/*.test.ts',
            'app-*/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/test/scale/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Several server processes, outages and load: run once, against PostgreSQL and Redis.
        test: {
          name: 'scale',
          environment: 'node',
          include: ['server/test/scale/**/*.test.ts'],
          globalSetup: ['server/test/scale/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [storybookTest({ configDir: fileURLToPath(new URL('.storybook', import.meta.url)) })],
        test: {
          name: 'stories',
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: chromiumLaunchOptions(),
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
