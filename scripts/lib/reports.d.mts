/** Test counts of a Vitest or Playwright JSON report; see reports.mjs. */
export function countTests(file: string): { passed: number; failed: number; skipped: number } | null;
/** The failed tests of a Vitest or Playwright JSON report with the first line of each error. */
export function failedTests(file: string, root: string): { name: string; error: string }[];
