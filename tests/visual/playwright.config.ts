import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/lib/chromium.mjs';

/** Screenshots of every story in both themes, compared with the committed baselines. */
export default defineConfig({
  testDir: '.',
  testMatch: 'stories.spec.ts',
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  timeout: 60_000,
  fullyParallel: true,
  workers: 2,
  // On a busy machine a picture is now and then taken while a story is still rendering; such a
  // story passes on a retry (and is reported as flaky), a real change fails every attempt.
  retries: 2,
  forbidOnly: true,
  // A story without a baseline fails once and writes it for review; CI never writes baselines.
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  reporter: [['list'], ['json', { outputFile: '../../.tmp/reports/visual.json' }]],
  globalSetup: './global-setup.ts',
  expect: {
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Anti-aliasing may differ in a few pixels; a changed colour, size or text changes far more.
      threshold: 0.2,
      maxDiffPixels: 20,
    },
  },
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    locale: 'en-GB',
    timezoneId: 'Europe/Stockholm',
    colorScheme: 'light',
    reducedMotion: 'reduce',
    // Storybook pauses CSS animations at their end state for test runners it recognises by this.
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 StorybookTestRunner',
    launchOptions: chromiumLaunchOptions(['--font-render-hinting=none']),
  },
  outputDir: '../../.tmp/visual-results',
});
