import type { z } from 'zod';
import { ErrorBody, ErrorCode, type ErrorDetail } from './errors';
import { type RouteContract, type RouteName, routes } from './routes';

/** Any non-success answer, or no answer at all (status 0: network failure). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly detail: ErrorDetail[];

  constructor(status: number, statusText: string, detail: ErrorDetail[]) {
    super(detail[0]?.msg ?? (statusText || `Request failed with status ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.detail = detail;
  }

  /** The first error code, the one the apps translate. */
  get type(): string | undefined {
    return this.detail[0]?.type;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The server wants a recent sign-in first: re-authenticate (`reauthStart`, `reauthVerify`)
   * and try the call again. */
  get requiresRecentLogin(): boolean {
    return this.status === 403 && this.type === ErrorCode.requiresRecentLogin;
  }
}

/** Whether an error is the server's request to re-authenticate before the call can succeed. */
export function requiresRecentLogin(error: unknown): boolean {
  return error instanceof ApiError && error.requiresRecentLogin;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type RouteOf<N extends RouteName> = (typeof routes)[N];

export type CallInput<N extends RouteName> = (RouteOf<N> extends { body: infer B }
  ? { body: Input<B> }
  : { body?: undefined }) &
  (RouteOf<N> extends { query: infer Q } ? { query?: Input<Q> } : { query?: undefined }) &
  (RouteOf<N> extends { params: infer P } ? { params: Input<P> } : { params?: undefined }) & {
    /** Extra query string appended as is (the login page forwards its own query to `start`). */
    search?: string;
    headers?: Record<string, string>;
  };
export type CallOutput<N extends RouteName> = RouteOf<N> extends { response: infer R } ? Output<R> : undefined;

export type ClientOptions = {
  /** Origin (and optional prefix) of the server; '' means the page's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
};

function buildUrl(route: RouteContract, input: { query?: object; params?: object; search?: string }, baseUrl: string) {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const query = new URLSearchParams(input.search?.replace(/^\?/, '') ?? '');
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value));
  }
  const text = query.toString();
  return `${baseUrl}${path}${text ? `?${text}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The typed client both apps use: one method per call of the contract. JSON in and out,
 * cookies included; 204, empty and non-JSON answers yield `undefined`. */
export function createClient(options: ClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  /** Sends a call of the contract; a failed answer throws `ApiError` with its error body. */
  async function send(route: RouteContract, input: CallInput<RouteName>, accept: string): Promise<Response> {
    const headers: Record<string, string> = { accept, ...input.headers };
    let body: string | undefined;
    if (route.body) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body ?? {});
    }
    let response: Response;
    try {
      response = await doFetch(buildUrl(route, input as object, baseUrl), {
        method: route.method,
        headers,
        body,
        credentials: 'include',
      });
    } catch {
      throw new ApiError(0, 'Network error', [{ type: 'network_error', msg: 'Network error' }]);
    }
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(await readJson(response));
      throw new ApiError(response.status, response.statusText, parsed.success ? parsed.data.detail : []);
    }
    return response;
  }

  async function call<N extends RouteName>(name: N, input: CallInput<N> = {} as CallInput<N>): Promise<CallOutput<N>> {
    const route: RouteContract = routes[name];
    const response = await send(route, input as CallInput<RouteName>, 'application/json');
    const data = await readJson(response);
    if (!route.response || data === undefined) return undefined as CallOutput<N>;
    const parsed = route.response.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(response.status, 'Invalid response', [
        { type: 'invalid_response', msg: parsed.error.message },
      ]);
    }
    return parsed.data as CallOutput<N>;
  }

  const url = (name: RouteName, input: { query?: object; params?: object } = {}) =>
    buildUrl(routes[name], input, baseUrl);

  /** A call whose answer is a file (`produces`): its content, and the name the server gave it
   * (`Content-Disposition`), to save through the browser. */
  async function download<N extends RouteName>(
    name: N,
    input: CallInput<N> = {} as CallInput<N>,
  ): Promise<{ content: Blob; fileName: string | null }> {
    const route: RouteContract = routes[name];
    const response = await send(route, input as CallInput<RouteName>, route.produces ?? '*/*');
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
    return { content: await response.blob(), fileName };
  }

  return { call, download, url };
}

export type ApiClient = ReturnType<typeof createClient>;
