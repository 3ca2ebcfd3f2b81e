// How every browser test starts Chromium (stories, end-to-end, screenshots, size budgets).

/**
 * Debian's Chromium (or CHROMIUM_PATH), headless and without a sandbox (CI runs as root), with
 * its background connections off: this machine's network is closed, and those attempts only slow
 * Chromium down. `extraArgs` are added to these.
 */
export function chromiumLaunchOptions(extraArgs = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  };
}
