import { defineConfig } from 'tsup';

/**
 * The server as it runs in production: `dist/cli.js`, the command line, run by plain Node
 * (`npm start`, the deployment's nodes, the several-node and fault tests), and `dist/index.js`,
 * the same server as a library (the benchmarks), with chunks they share. The workspace's wire
 * contract (`@helios/api`, TypeScript source) is bundled in; every other dependency is loaded
 * from node_modules. The code finds its migrations and the built apps from the package's folder
 * (`src/paths.ts`), so they are found from here as from the source.
 */
export default defineConfig({
  entry: { cli: 'src/cli.ts', index: 'src/index.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  noExternal: [/^@helios\//, /^drizzle-orm/],
  // Modules loaded with import() stay separate chunks, so a mode's drivers (PGlite or
  // node-postgres, ioredis, nodemailer) are loaded only in that mode.
  splitting: true,
  sourcemap: false,
  clean: true,
  dts: false,
});
