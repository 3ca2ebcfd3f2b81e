import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // Props tables come from the components' TypeScript types and the JSDoc on each prop, read by the
  // TypeScript compiler, so props a component takes from another (`Omit<TextFieldProps, …> & {…}`)
  // are listed too. A prop only the DOM declares (a <button>'s own) stays out; one the design system
  // declares again with its own description (TextField's `required`) stays in.
  typescript: async (existing) => ({
    ...existing,
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      ...existing?.reactDocgenTypescriptOptions,
      tsconfigPath: fromRoot('design-system/tsconfig.json'),
      include: [fromRoot('design-system/src/components/**/*.tsx')],
      propFilter: (prop) =>
        !prop.declarations?.length || prop.declarations.some(({ fileName }) => !fileName.includes('node_modules')),
    },
  }),
  async viteFinal(viteConfig, { configType }) {
    const { mergeConfig } = await import('vite');
    const { default: tailwindcss } = await import('@tailwindcss/vite');
    return mergeConfig(viteConfig, {
      plugins: [tailwindcss()],
      // Pre-bundled up front, so a story that first imports one does not make Vite re-bundle
      // (and reload) in the middle of a test run.
      optimizeDeps: {
        include: [
          '@radix-ui/react-dialog',
          '@radix-ui/react-alert-dialog',
          '@radix-ui/react-dropdown-menu',
          '@radix-ui/react-switch',
          '@radix-ui/react-checkbox',
          'class-variance-authority',
          'clsx',
          'tailwind-merge',
          'jotai',
          'react-router-dom',
          'i18next',
          'react-i18next',
          'i18next-browser-languagedetector',
          'zod',
          '@simplewebauthn/browser',
        ],
      },
      // Stories render the design system from source, so a story always shows the code under review.
      resolve: { alias: { '@helios/design-system': fromRoot('design-system/src/index.ts') } },
      ...(configType === 'PRODUCTION' ? quietBuild : {}),
    });
  },
};

/** The static build (test command, Chromatic, screenshots) prints errors and warnings worth acting
 * on, not every chunk and not what bundling a library's "use client" line always says. */
const quietBuild = {
  logLevel: 'warn',
  build: {
    // One preview bundle holds every story; its size is not a page's first load (see budgets.mjs).
    chunkSizeWarningLimit: 4096,
    rolldownOptions: {
      checks: { bundlerTimings: false },
      onLog(level: string, log: { code?: string }, handler: (level: string, log: { code?: string }) => void) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
    },
  },
} as const;

export default config;
