export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `check` answers true (a check that throws counts as not yet), or fails after
 * `timeoutMs` naming `what`. Answers the ms it took. */
export async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return Date.now() - started;
    } catch {
      // not yet
    }
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
