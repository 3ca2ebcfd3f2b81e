import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n';
import './styles.css';

// The sign-in portal follows the system theme.
const dark = window.matchMedia('(prefers-color-scheme: dark)');
const applyTheme = () => document.documentElement.classList.toggle('dark', dark.matches);
applyTheme();
dark.addEventListener('change', applyTheme);

const root = document.getElementById('root');
if (root) {
  await initI18n();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
