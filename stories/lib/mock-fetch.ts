/** One mocked API answer. App stories mock at the fetch level: the apps' real client, schemas,
 * atoms and error handling run; only the network is replaced. */
export type MockResponse = { status?: number; body?: unknown; delayMs?: number; networkError?: boolean };
export type MockRoute = {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  respond: MockResponse | ((request: { url: URL; body: unknown; call: number }) => MockResponse);
};
export type RecordedCall = { method: string; path: string; search: string; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that answers from `routes` and records every call in `record.calls`. */
export function mockFetch(routes: MockRoute[], record: { calls: RecordedCall[] }): typeof fetch {
  const counts = new Map<MockRoute, number>();
  return async (input, init) => {
    const url = new URL(String(input), 'http://helios.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    record.calls.push({ method, path: url.pathname, search: url.search, body });
    const route = routes.find((r) => r.method === method && r.path === url.pathname);
    if (!route) return json(404, { detail: [{ type: 'not_found', msg: `not mocked: ${method} ${url.pathname}` }] });
    const call = (counts.get(route) ?? 0) + 1;
    counts.set(route, call);
    const answer = typeof route.respond === 'function' ? route.respond({ url, body, call }) : route.respond;
    // Like a network, an answer never comes in the task that asked: what the page shows while it
    // waits (busy buttons, disabled fields) renders first every time, not only when React is quick.
    await new Promise((resolve) => setTimeout(resolve, answer.delayMs ?? 0));
    if (answer.networkError) throw new TypeError('Failed to fetch');
    const status = answer.status ?? 200;
    if (status === 204 || answer.body === undefined)
      return new Response(null, { status: status === 200 ? 204 : status });
    return json(status, answer.body);
  };
}
