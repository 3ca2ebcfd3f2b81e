import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Every story of the built Storybook, after its play function, in the light and the dark theme,
 * compared with the baselines in `__screenshots__/<component>/<story>.<theme>.png`; screens of the
 * sign-in portal also at 390 px wide (`<story>.390.<theme>.png`).
 */

type IndexEntry = { type: 'story' | 'docs'; id: string; title: string; name: string };
type PreviewWindow = Window & {
  __STORYBOOK_PREVIEW__?: { currentRender?: { id: string; phase?: string } };
};

const storybookDir = process.env.VISUAL_STORYBOOK_DIR;
if (!storybookDir) throw new Error('Run through tests/visual/playwright.config.ts (it builds the Storybook).');

/** The build, served by the global setup at a fixed origin. */
const ORIGIN = process.env.VISUAL_ORIGIN as string;
/** Every story starts at the same instant, so dates and "3 days ago" render alike on any day. */
const START = new Date('2026-06-15T10:00:00Z');
/** After the play function, time jumps this far: toasts, "Copied" marks and other short-lived
 * states end the same way on a fast and a slow machine. */
const SETTLE_MS = 60_000;
/** At most this many further steps of a second until the page stops changing. */
const SETTLE_ROUNDS = 10;
/** The tallest page a screenshot grows to (see `unscroll`). */
const MAX_HEIGHT = 4000;

const index = JSON.parse(readFileSync(join(storybookDir, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const byComponent = new Map<string, IndexEntry[]>();
for (const entry of Object.values(index.entries)) {
  if (entry.type === 'story') byComponent.set(entry.title, [...(byComponent.get(entry.title) ?? []), entry]);
}

test.beforeEach(async ({ context }) => {
  await context.clock.install({ time: START });
});

/** Opens the story, waits until it has rendered and played, fails if it threw, then lets the
 * short-lived states run out and stops time. */
async function openStory(page: Page, id: string) {
  // `a11y.manual`: the accessibility checks belong to the story tests, not to every screenshot.
  await page.goto(`${ORIGIN}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story&globals=a11y.manual:!true`);
  await page.waitForFunction((storyId) => {
    const render = (window as PreviewWindow).__STORYBOOK_PREVIEW__?.currentRender;
    return render?.id === storyId && render.phase === 'finished';
  }, id);
  if (await page.locator('body.sb-show-errordisplay').count()) {
    const message = await page.locator('#error-message').textContent();
    throw new Error(`The story failed before its screenshot (see the story tests):\n${message}`);
  }
  // Jump ahead (timers due by then fire once) and stop time, then run what those timers started.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + SETTLE_MS);
  await page.clock.runFor(SETTLE_MS);
  // What those timers started (a mocked answer, a debounced search, a lazily loaded screen) may
  // schedule more: let real time pass and run the clock on until the page stops changing.
  let before = '';
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    await page.waitForTimeout(150);
    await page.clock.runFor(1_000);
    const now = await page.evaluate(() => document.body.innerHTML);
    if (now === before) break;
    before = now;
  }
  await page.evaluate(() => document.fonts.ready);
}

/** Pages that scroll a column of their own (the admin console's main area) get a viewport tall
 * enough to show it whole; then every scroll position goes back to the start. What a story
 * scrolled to depends on focus timing, the picture should not. */
async function unscroll(page: Page) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const overflow = await page.evaluate(() => {
      let most = 0;
      for (const element of document.querySelectorAll('body *')) {
        const { overflowY } = getComputedStyle(element);
        const scrolls = (overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight;
        if (scrolls && element.clientHeight >= window.innerHeight / 2)
          most = Math.max(most, element.scrollHeight - element.clientHeight);
      }
      return most;
    });
    const viewport = page.viewportSize();
    if (overflow <= 0 || !viewport || viewport.height >= MAX_HEIGHT) break;
    await page.setViewportSize({ width: viewport.width, height: Math.min(viewport.height + overflow, MAX_HEIGHT) });
  }
  await page.evaluate(() => {
    for (const element of document.querySelectorAll('body *')) {
      element.scrollTop = 0;
      element.scrollLeft = 0;
    }
    window.scrollTo(0, 0);
  });
}

/** What to photograph: the story root, or the whole viewport when the story opened something
 * outside it (a dialog or toast portalled to <body>). */
async function subject(page: Page) {
  const portalled = await page.evaluate(() =>
    [...document.body.children].some((element) => {
      if (element.id === 'storybook-root' || element.id === 'storybook-docs') return false;
      if (element.matches('script, style, .sb-wrapper, .sb-preparing-story, .sb-preparing-docs, .sb-nopreview'))
        return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    }),
  );
  return portalled ? page : page.locator('#storybook-root');
}

/** Screens of the sign-in portal are also photographed at a phone's width, where people use
 * them most; the admin console is a desktop tool and is photographed at 1280 px only. */
const PHONE = { width: 390, height: 844 };
const atPhoneWidth = (title: string) => title.startsWith('App auth/');

/** Photographs the open story in both themes as `<component>/<name><suffix>.<theme>.png`. */
async function photograph(page: Page, component: string, name: string, suffix = '') {
  await unscroll(page);
  const target = await subject(page);
  for (const theme of ['light', 'dark'] as const) {
    // The theme toolbar does exactly this (see .storybook/preview.tsx).
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    const picture = [component, `${name}${suffix}.${theme}.png`];
    if (target === page) await expect.soft(page).toHaveScreenshot(picture);
    else await expect.soft(target as Locator).toHaveScreenshot(picture);
  }
}

for (const [title, stories] of byComponent) {
  test.describe(title, () => {
    for (const story of stories) {
      const [component, name] = story.id.split('--') as [string, string];
      test(story.name, async ({ page }) => {
        await openStory(page, story.id);
        await photograph(page, component, name);
      });
      if (!atPhoneWidth(title)) continue;
      test(`${story.name} at ${PHONE.width} px`, async ({ page }) => {
        await page.setViewportSize(PHONE);
        await openStory(page, story.id);
        // Nothing on a sign-in screen may make the page scroll sideways on a phone.
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect.soft(width, 'page width at 390 px').toBeLessThanOrEqual(PHONE.width);
        await photograph(page, component, name, `.${PHONE.width}`);
      });
    }
  });
}
