import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const fromRoot = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
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
    });
  },
};

export default config;
