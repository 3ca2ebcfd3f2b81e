/** The server as a library, for running Helios inside another Node process (the benchmarks run
 * the built `dist/index.js` this way, as deployed). The command line is `cli.ts`. */
export { loggerOptions } from './app';
export { type Config, loadConfig } from './config';
export { logDestination } from './log-destination';
export { createServer, type Running, type StartOptions } from './server';
