import type { Preview } from '@storybook/react-vite';
import { checkBothThemes } from './theme-a11y';
import './storybook.css';

const preview: Preview = {
  parameters: {
    layout: 'centered',
    // Violations fail the story (and so the test run), in the rendered theme and the other one.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    options: {
      storySort: {
        order: ['Docs', ['Getting started', 'Theming and tokens', 'Dark mode', 'Texts and i18n'], 'Design system'],
      },
    },
    // Chromatic snapshots every story in both themes, like tests/visual does.
    chromatic: { modes: { light: { theme: 'light' }, dark: { theme: 'dark' } }, pauseAnimationAtEnd: true },
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
  async afterEach({ globals, parameters, viewMode }) {
    // `a11y.manual` is the a11y addon's own switch for "only when asked"; the screenshot run sets
    // it, since these checks already run in the story tests.
    if (viewMode === 'story' && !globals.a11y?.manual) await checkBothThemes(parameters.a11y);
  },
};

export default preview;
