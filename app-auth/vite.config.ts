import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite/precompress.ts';
import { preloadFonts } from '../scripts/vite/preload-fonts.ts';

const server = process.env.HELIOS_SERVER ?? 'http://localhost:3000';

export default defineConfig({
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
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/auth', '/oauth2', '/api', '/.well-known'].map((path) => [path, server])),
  },
});
