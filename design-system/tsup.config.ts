import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'react/jsx-runtime'],
  // The components hold state and effects: frameworks with React Server Components (Next.js App
  // Router) must treat the entry as client code, so its first statement is "use client". esbuild
  // tree-shakes the bundle and keeps the banner first; tsup's extra Rollup pass (`treeshake`)
  // would drop the directive, so it is not used.
  banner: { js: '"use client";' },
});
