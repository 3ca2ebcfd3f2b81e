/** Debian's Chromium (or CHROMIUM_PATH) as every browser test starts it; see chromium.mjs. */
export function chromiumLaunchOptions(extraArgs?: string[]): { executablePath: string; args: string[] };
