import { createAccount, PASSWORD } from '../test/fixtures';
import {
  type BenchServer,
  bareServer,
  type CpuSplit,
  type LoadGenerator,
  profiled,
  signInCookie,
  withCpu,
} from './lib';
import type { Rate } from './load';

export type Measured = Rate & { serverCpu: number; split?: CpuSplit };
export type HttpFigures = { bare: Measured[]; ping: Measured[]; userinfo: Measured[] };

/**
 * Session ping (`POST /auth/login/ping`) and userinfo (`GET /oauth2/userinfo`), both with a signed-in
 * portal session, against the bare node:http ceiling (a process of its own). Each is warmed for a
 * second first; then the three runs alternate for `rounds` rounds, so a change in the machine's
 * load touches ceiling and Helios alike.
 */
export async function httpBench(
  server: BenchServer,
  load: LoadGenerator,
  options: { seconds: number; rounds: number; connections: number },
): Promise<HttpFigures> {
  const account = await createAccount(server.running.ctx, { password: PASSWORD });
  const cookie = await signInCookie(server.url, account.email, PASSWORD);
  const ping = await fetch(`${server.url}/auth/login/ping`, { method: 'POST', headers: { cookie } });
  const state = ((await ping.json()) as { state?: string }).state;
  if (state !== 'Done') throw new Error(`ping with a portal session answered ${state}`);

  const bare = await bareServer();
  const figures: HttpFigures = { bare: [], ping: [], userinfo: [] };
  const run = (url: string, method: 'GET' | 'POST', headers: Record<string, string> = {}) =>
    load.run<Rate>({
      kind: 'cannon',
      url,
      method,
      headers,
      connections: options.connections,
      seconds: options.seconds,
    });
  const cannon = (url: string, method: 'GET' | 'POST', headers: Record<string, string> = {}) =>
    withCpu(() => run(url, method, headers));
  // The bare server's CPU is its own process's, asked before and after the run.
  const bareRun = async (): Promise<Measured> => {
    const cpuBefore = await bare.cpuMs();
    const started = performance.now();
    const rate = await run(bare.url, 'POST');
    return { ...rate, serverCpu: ((await bare.cpuMs()) - cpuBefore) / (performance.now() - started) };
  };
  try {
    // Each target is warmed first, unmeasured (one second of the same load): the first seconds of
    // a process run code not yet optimized, which is start-up's cost, not a request's.
    for (const [url, method, headers] of [
      [bare.url, 'POST', {}],
      [`${server.url}/auth/login/ping`, 'POST', { cookie }],
      [`${server.url}/oauth2/userinfo`, 'GET', { cookie }],
    ] as const)
      await load.run<Rate>({ kind: 'cannon', url, method, headers, connections: options.connections, seconds: 1 });
    for (let round = 0; round < options.rounds; round++) {
      figures.bare.push(await bareRun());
      figures.ping.push(
        await profiled(`ping-${round}`, () => cannon(`${server.url}/auth/login/ping`, 'POST', { cookie })),
      );
      figures.userinfo.push(
        await profiled(`userinfo-${round}`, () => cannon(`${server.url}/oauth2/userinfo`, 'GET', { cookie })),
      );
    }
  } finally {
    await bare.close();
  }
  return figures;
}
