/** The Node major version Helios runs on; see node-runtime.mjs. */
export const REQUIRED_NODE_MAJOR: number;
/** The major version of a `vX.Y.Z` or `X.Y.Z` string. */
export function majorOf(version: string | null): number;
/** Continues on Node 24 or newer; otherwise re-runs this script under Node 24 from the npm registry. */
export function runOnSupportedNode(): void;
