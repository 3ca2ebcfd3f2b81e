/** The repository's root folder (with a trailing slash); see toolchain.mjs. */
export const root: string;
/** The pnpm version pinned in package.json's `packageManager`. */
export const pnpmVersion: string;
/** The command (and its first arguments) that runs the pinned pnpm. */
export function pnpmCommand(): [string, ...string[]];
/** Runs `command` in the root folder with inherited output; returns its exit code. */
export function run(command: string, args: string[], options?: import('node:child_process').SpawnSyncOptions): number;
/** Runs the pinned pnpm in the root folder with inherited output; returns its exit code. */
export function pnpm(args: string[], options?: import('node:child_process').SpawnSyncOptions): number;
/** Path of a Chromium for tests. */
export function ensureChromium(): string;
