import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../scripts/lib/chromium.mjs';

/** End-to-end journeys in Debian's Chromium against the real server and the built apps. */
export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '../.tmp/reports/e2e.json' }]],
  globalSetup: './e2e/global-setup.ts',
  use: {
    headless: true,
    locale: 'en-GB',
    timezoneId: 'Europe/Stockholm',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  outputDir: '../.tmp/e2e-results',
});
