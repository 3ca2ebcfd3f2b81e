import { basename } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * Adds `<link rel="preload" as="font" type="font/woff2" crossorigin>` to the built index.html for
 * each named font file (its name in the source, e.g. `inter-latin-wght-normal.woff2`), pointing
 * at the hashed file the build emitted for it. The browser then fetches the font with the
 * stylesheet instead of after it. A build that emits fonts but not a named one fails, so the
 * preload cannot quietly go missing when a font file is renamed; a page without fonts (the
 * size budgets' bare React page) gets no preload. The development server has none either
 * (nothing is hashed there).
 */
export function preloadFonts(files: string[]): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'helios:preload-fonts',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const assets = Object.values(bundle ?? {}).filter((item) => item.type === 'asset');
        if (!assets.some((item) => item.fileName.endsWith('.woff2'))) return [];
        return files.map((file) => {
          const asset = assets.find((item) => item.originalFileNames.some((name) => basename(name) === file));
          if (!asset) throw new Error(`preloadFonts: the build emitted no ${file}`);
          return {
            tag: 'link',
            // Fonts are always fetched in CORS mode, so the preload must be too or it is not reused.
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: config.base + asset.fileName,
              crossorigin: true,
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}
