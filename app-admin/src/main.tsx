import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { initI18n } from './i18n';
import { applyDarkMode, readDarkMode } from './lib/dark-mode';
import './styles.css';

// The console's own theme (remembered in `dark_mode`), applied before the first paint so the
// page never flashes the other theme.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
applyDarkMode(readDarkMode(storage(), window.matchMedia('(prefers-color-scheme: dark)').matches));

const root = document.getElementById('root');
if (root) {
  await initI18n();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
