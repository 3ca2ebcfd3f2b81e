import type { Preview } from '@storybook/react-vite';
import { checkBothThemes } from './theme-a11y';
import './storybook.css';

const preview: Preview = {
  parameters: {
    layout: 'centered',
    // Violations fail the story (and so the test run), in the rendered theme and the other one.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Language of the texts',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'sv', title: 'Svenska' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  decorators: [
    (Story, { globals }) => {
      const root = document.documentElement;
      root.classList.toggle('dark', globals.theme === 'dark');
      root.lang = globals.locale === 'sv' ? 'sv' : 'en';
      return <Story />;
    },
  ],
  async afterEach({ parameters, viewMode }) {
    if (viewMode === 'story') await checkBothThemes(parameters.a11y);
  },
};

export default preview;
