/*
 * Every story must be free of axe violations in both themes. The a11y addon reports on the theme
 * a story renders in; this check, run after each story, sets each theme in turn on <html>, runs
 * axe with the story's a11y parameters and fails the story on any violation.
 */
import axe from 'axe-core';

type A11yParameter = {
  test?: 'off' | 'todo' | 'error';
  disable?: boolean;
  config?: { rules?: { id: string; enabled: boolean }[] };
  options?: axe.RunOptions;
};

const STORYBOOK_CHROME = ['.sb-wrapper', '#storybook-docs', '#storybook-highlights-root'];

function describeViolations(violations: axe.Result[]): string {
  return violations
    .map((v) => `- ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
}

async function violationsIn(theme: 'light' | 'dark', a11y: A11yParameter | undefined): Promise<string | null> {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  axe.reset();
  axe.configure({ rules: [{ id: 'region', enabled: false }, ...(a11y?.config?.rules ?? [])] });
  const result = await axe.run(
    { include: [document.body], exclude: STORYBOOK_CHROME.map((s) => [s]) },
    a11y?.options ?? {},
  );
  return result.violations.length > 0
    ? `Accessibility violations in the ${theme} theme:\n${describeViolations(result.violations)}`
    : null;
}

export async function checkBothThemes(a11y: A11yParameter | undefined): Promise<void> {
  if (a11y?.disable || a11y?.test === 'off' || a11y?.test === 'todo') return;
  const root = document.documentElement;
  const wasDark = root.classList.contains('dark');
  // Colour transitions would make axe read colours half-way between the themes.
  const freeze = document.createElement('style');
  freeze.textContent = '*,*::before,*::after{transition:none!important;animation:none!important}';
  document.head.append(freeze);
  try {
    const failures = [await violationsIn('light', a11y), await violationsIn('dark', a11y)].filter(Boolean);
    if (failures.length > 0) throw new Error(failures.join('\n'));
  } finally {
    root.classList.toggle('dark', wasDark);
    freeze.remove();
  }
}
