import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite/precompress.ts';
import { preloadFonts } from '../scripts/vite/preload-fonts.ts';

const server = process.env.HELIOS_SERVER ?? 'http://localhost:3000';

export default defineConfig({
  // The server serves the admin console under /admin/.
  base: '/admin/',
  // Inter's Latin subset draws every Swedish and English text; Latin Extended loads only when needed.
  plugins: [react(), tailwindcss(), preloadFonts(['inter-latin-wght-normal.woff2']), precompress()],
  // The app builds the design system from source: one Tailwind pass sees every class.
  resolve: {
    alias: { '@helios/design-system': fileURLToPath(new URL('../design-system/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    // Written for debugging a stack trace by hand, never referenced from the scripts: the
    // server does not serve them.
    sourcemap: 'hidden',
    assetsInlineLimit: 0,
    // Everything the first page needs in one file: one request, one gzip stream. Lazy pages
    // and languages keep their own chunks.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'first-load', tags: ['$initial'] }] } } },
    // That file is over Vite's 500 kB warning before compression (about 500 kB, 156 kB gzipped);
    // its gzipped size is what the browser fetches, and the size budget in the test command guards
    // it (docs/performance.md), so the warning is raised above it instead of printed on every build.
    chunkSizeWarningLimit: 640,
  },
  server: {
    port: 5174,
    // 5173 is the sign-in portal's dev server.
    proxy: Object.fromEntries(['/auth', '/oauth2', '/api', '/.well-known'].map((path) => [path, server])),
  },
});
