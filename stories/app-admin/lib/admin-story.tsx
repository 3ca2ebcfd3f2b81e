import { createClient } from '@helios/api';
import type { Decorator } from '@storybook/react-vite';
import { createStore } from 'jotai';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import { apiAtom } from '../../../app-admin/src/api';
import { AdminProviders } from '../../../app-admin/src/app';
import { sidebarCollapsedAtom, themeStorageAtom } from '../../../app-admin/src/atoms/session';
import { adminI18n, initI18n } from '../../../app-admin/src/i18n';
import { fileDownloadAtom } from '../../../app-admin/src/lib/download';
import { externalNavigateAtom } from '../../../app-admin/src/lib/navigation';
import { storyLocale } from '../../lib/locale';
import { type MockRoute, mockFetch, type RecordedCall } from '../../lib/mock-fetch';

export type { MockResponse, MockRoute, RecordedCall } from '../../lib/mock-fetch';

/** What a story's play function can inspect: the calls made, where the console would have
 * gone, and the addresses sent to new tabs. */
export type AdminStoryRecord = {
  calls: RecordedCall[];
  externalNavigations: string[];
  openedTabs: string[];
  closedTabs: number;
  /** Files the console would have saved through the browser's download. */
  downloads: { fileName: string; content: Blob }[];
};

export type AdminStoryParameters = {
  /** The browser address the story opens, under /admin, e.g. '/admin/tenants?tenant-id=…'. */
  route: string;
  api?: MockRoute[];
  /** Whether the session check finds a signed-in admin (default) or answers 401. */
  signedIn?: boolean;
  /** Whether the signed-in person is a platform admin (default) or not. */
  isAdmin?: boolean;
  /** What `dark_mode` in local storage holds. */
  darkMode?: 'true' | 'false';
  /** Starts with the sidebar collapsed. */
  collapsed?: boolean;
  /** Makes the browser refuse new tabs (a pop-up blocker). */
  blockTabs?: boolean;
};

export const ADMIN_EMAIL = 'admin@helios.test';

/** Per-story record, reachable from play functions through `getRecord(canvasElement)`. */
const records = new WeakMap<Element, AdminStoryRecord>();
export function getRecord(canvasElement: HTMLElement): AdminStoryRecord {
  const record = records.get(canvasElement.ownerDocument.body);
  if (!record) throw new Error('not an admin story');
  return record;
}

/** The calls made to one path (and method). */
export function callsTo(canvasElement: HTMLElement, method: RecordedCall['method'], path: string): RecordedCall[] {
  return getRecord(canvasElement).calls.filter((call) => call.method === method && call.path === path);
}

/** The router's address, shown so play functions (and people) can see where the console went. */
function CurrentLocation() {
  const location = useLocation();
  return (
    <p
      data-testid="location"
      className="fixed end-2 bottom-2 rounded border bg-background px-2 py-1 font-mono text-foreground text-xs"
    >
      /admin{location.pathname === '/' ? '' : location.pathname}
      {location.search}
    </p>
  );
}

/** Loads the toolbar's language into the console's i18n instance before the story renders. */
export const withAdminLanguage = async ({ globals }: { globals: Record<string, unknown> }) => {
  const language = storyLocale(globals);
  if (!adminI18n.isInitialized) await initI18n(adminI18n, { lng: language });
  await adminI18n.changeLanguage(language);
  return {};
};

function memoryStorage(initial: Record<string, string>): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map(Object.entries(initial));
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

/** Mounts the whole console (session check, sidebar, pages) at the story's address with a mocked API. */
export const withAdminApp: Decorator = (Story, { parameters, canvasElement }) => {
  const params = parameters.admin as AdminStoryParameters;
  const record: AdminStoryRecord = { calls: [], externalNavigations: [], openedTabs: [], closedTabs: 0, downloads: [] };
  records.set(canvasElement.ownerDocument.body, record);
  const session: MockRoute = {
    method: 'GET',
    path: '/auth/session',
    respond:
      params.signedIn === false
        ? { status: 401, body: { detail: [{ type: 'unauthenticated', msg: 'Not signed in' }] } }
        : { body: { email: ADMIN_EMAIL, is_admin: params.isAdmin ?? true } },
  };
  const store = createStore();
  store.set(apiAtom, createClient({ fetch: mockFetch([...(params.api ?? []), session], record) }));
  store.set(externalNavigateAtom, {
    go: (url) => record.externalNavigations.push(url),
    openTab: () =>
      params.blockTabs
        ? null
        : {
            go: (url) => record.openedTabs.push(url),
            close: () => {
              record.closedTabs += 1;
            },
          },
  });
  store.set(fileDownloadAtom, { save: (fileName, content) => record.downloads.push({ fileName, content }) });
  store.set(themeStorageAtom, memoryStorage(params.darkMode ? { dark_mode: params.darkMode } : {}));
  store.set(sidebarCollapsedAtom, params.collapsed ?? false);
  return (
    <AdminProviders store={store}>
      <MemoryRouter basename="/admin" initialEntries={[params.route]}>
        <Story />
        <CurrentLocation />
      </MemoryRouter>
    </AdminProviders>
  );
};

/** Story parameters for the console at `route` with these API answers. */
export function admin(route: string, api: MockRoute[] = [], extra: Omit<AdminStoryParameters, 'route' | 'api'> = {}) {
  return { admin: { route, api, ...extra } satisfies AdminStoryParameters };
}

/** A JSON answer. */
export const answer = (method: MockRoute['method'], path: string, body: unknown, status = 200): MockRoute => ({
  method,
  path,
  respond: { status, body },
});

/** An error answer with one error code. */
export const failure = (
  method: MockRoute['method'],
  path: string,
  status: number,
  type = 'internal_error',
): MockRoute => answer(method, path, { detail: [{ type, msg: type }] }, status);

/** An answer that never arrives within a story (the loading state). */
export const pending = (method: MockRoute['method'], path: string): MockRoute => ({
  method,
  path,
  respond: { delayMs: 600_000, body: [] },
});

/** Waits for a toast with this text (toasts fade in, so "visible" takes a moment). */
export async function expectToast(canvasElement: HTMLElement, text: string | RegExp): Promise<void> {
  const page = within(canvasElement.ownerDocument.body);
  await waitFor(() => expect(page.getByText(text, { selector: '[data-slot=toast-message]' })).toBeVisible());
}
