import { hashPassword, verifyPassword } from '../src/security/passwords';
import { createAccount, PASSWORD } from '../test/fixtures';
import type { Measured } from './http';
import { type BenchServer, type LoadGenerator, percentile, profiled, withCpu } from './lib';
import type { Rate } from './load';

export type SignInFigures = { argon2: Measured[]; signIn: Measured[]; warmed: number };

/** Sign-ins completed, unmeasured, before the first round. V8 optimizes a function after enough
 * calls, and a sign-in runs about 150 times a second against tens of thousands for a session
 * check: on two cores the event loop spent 2.4–2.8 ms a sign-in in the first five seconds and
 * 1.7–2.2 ms from the next five on, flat over the next 80 s; the rest of the machine's share
 * (mostly the load generator) fell from 1.1–1.5 ms to about 0.5 ms by 3,000
 * (docs/performance-server.md, "How it measures"). */
export const WARM_SIGN_INS = 3_000;
/** The warming's runs, at most a minute of them; a run that completes no sign-in ends it, and the
 * measured rounds show why. */
const WARM_RUN_SECONDS = 5;
const WARM_RUNS_AT_MOST = 12;

/** Raw argon2id verifies in this process, `concurrency` at a time, as the sign-in ceiling. */
async function rawVerifies(hashed: string, concurrency: number, seconds: number): Promise<Rate> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        if (!(await verifyPassword(hashed, PASSWORD))) throw new Error('verify failed');
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    operations: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    failures: 0,
    loadCpu: 0,
  };
}

/**
 * Complete password sign-ins (start → verify-password → Done, a portal session each) against raw
 * argon2id verifies of the same hash setting on the same machine, alternating for `rounds`.
 */
export async function signInBench(
  server: BenchServer,
  load: LoadGenerator,
  options: { seconds: number; rounds: number; concurrency: number },
): Promise<SignInFigures> {
  const accounts = await Promise.all(
    Array.from({ length: 2 * options.concurrency }, () => createAccount(server.running.ctx, { password: PASSWORD })),
  );
  const hashed = await hashPassword(PASSWORD);
  const signIns = (seconds: number) =>
    load.run<Rate>({
      kind: 'sign-in',
      base: server.url,
      emails: accounts.map((account) => account.email),
      password: PASSWORD,
      concurrency: options.concurrency,
      seconds,
    });
  // Both are warmed first, unmeasured, as the HTTP targets are: verifies for a second (native
  // code, nothing to optimize), sign-ins until the server's code for them runs optimized.
  await rawVerifies(hashed, options.concurrency, 1);
  let warmed = 0;
  for (let run = 0; run < WARM_RUNS_AT_MOST && warmed < WARM_SIGN_INS; run++) {
    const completed = (await signIns(WARM_RUN_SECONDS)).operations;
    if (completed === 0) break;
    warmed += completed;
  }
  const figures: SignInFigures = { argon2: [], signIn: [], warmed };
  for (let round = 0; round < options.rounds; round++) {
    figures.argon2.push(await withCpu(() => rawVerifies(hashed, options.concurrency, options.seconds)));
    figures.signIn.push(await profiled(`sign-in-${round}`, () => withCpu(() => signIns(options.seconds))));
  }
  return figures;
}
