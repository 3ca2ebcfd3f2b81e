/** Exponential backoff for a mail that could not be handed over. */
export type RetryPolicy = {
  /** The wait after the first failed try; each further failure doubles it. */
  firstMs: number;
  /** The longest wait between two tries. */
  maxMs: number;
};

/**
 * The wait before the next try after `failures` failed ones (1 after the first): the doubled
 * wait, capped, of which a random half is taken off ("equal jitter"), so mail that failed
 * together (a mail server that was down) is not all tried again in the same instant, and two
 * tries of one mail are never closer than half the wait.
 */
export function retryDelay(failures: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const full = Math.min(policy.maxMs, policy.firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(full / 2 + random() * (full / 2));
}
