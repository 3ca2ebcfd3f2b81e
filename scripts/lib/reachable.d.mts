/** Whether something accepts TCP connections at the host and port of `url`; see reachable.mjs. */
export function reachable(url: string): Promise<boolean>;
