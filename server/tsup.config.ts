import { defineConfig } from 'tsup';

/**
 * The server as it runs in production: `dist/cli.js`, the command line, run by plain Node
 * (`npm start`, the deployment's nodes, the several-node and fault tests), and `dist/index.js`,
 * the same server as a library (the benchmarks). The workspace's wire contract (`@helios/api`,
 * TypeScript source) is bundled in; every other dependency is loaded from node_modules. The code
 * finds its migrations and the built apps from the package's folder (`src/paths.ts`), so they are
 * found from here as from the source.
 */
export default defineConfig({
  entry: { cli: 'src/cli.ts', index: 'src/index.ts' },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  noExternal: [/^@helios\//],
  splitting: false,
  sourcemap: false,
  clean: true,
  dts: false,
});
