import { createClient } from '@helios/api';
import type { Decorator } from '@storybook/react-vite';
import i18next from 'i18next';
import { createStore, Provider } from 'jotai';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiAtom } from '../../../app-auth/src/api';
import { initI18n } from '../../../app-auth/src/i18n';
import { fileDownloadAtom } from '../../../app-auth/src/lib/download';
import { externalNavigateAtom } from '../../../app-auth/src/lib/navigation';
import { storyLocale } from '../../lib/locale';
import { type MockRoute, mockFetch, type RecordedCall } from '../../lib/mock-fetch';
import { type AuthenticatorBehaviour, type AuthenticatorRecord, installFakeAuthenticator } from './fake-authenticator';

export type { MockResponse, MockRoute, RecordedCall } from '../../lib/mock-fetch';

export type AppStoryParameters = {
  /** The address the story opens, e.g. '/login?email=anna@example.com'. */
  route: string;
  /** The route pattern the page is mounted at, e.g. '/login/set-password/:token'. */
  pattern?: string;
  api?: MockRoute[];
  /** How the stand-in security key answers the browser's prompt; it approves by default. */
  authenticator?: AuthenticatorBehaviour;
  /** Shows the current address under the page, for stories about what the page does to it. */
  showAddress?: boolean;
};

/** What a story's play function can inspect: the calls made, where the app navigated, and the
 * files it had the browser save. */
export type AppStoryRecord = {
  calls: RecordedCall[];
  externalNavigations: string[];
  downloads: { fileName: string; content: Blob }[];
};

/** Per-story record, reachable from play functions through `getRecord(canvasElement)`. */
const records = new WeakMap<Element, AppStoryRecord>();
export function getRecord(canvasElement: HTMLElement): AppStoryRecord {
  const record = records.get(canvasElement.ownerDocument.body);
  if (!record) throw new Error('not an app story');
  return record;
}

let authenticator: AuthenticatorRecord | null = null;

/** `beforeEach` of app stories: a stand-in security key instead of the browser's real prompt. */
export const withFakeAuthenticator = ({ parameters }: { parameters: Record<string, unknown> }) => {
  const { record, restore } = installFakeAuthenticator(
    (parameters.app as AppStoryParameters).authenticator ?? 'approve',
  );
  authenticator = record;
  return () => {
    restore();
    authenticator = null;
  };
};

/** The prompts the story's security key saw. */
export function getAuthenticator(): AuthenticatorRecord {
  if (!authenticator) throw new Error('the story has no stand-in security key (beforeEach: [withFakeAuthenticator])');
  return authenticator;
}

function Address() {
  const location = useLocation();
  return (
    <p data-testid="address" className="p-4 font-mono text-sm">
      {location.pathname}
      {location.search}
    </p>
  );
}

function CurrentLocation() {
  const location = useLocation();
  return (
    <p data-testid="location" className="p-4 font-mono text-sm">
      {location.pathname}
      {location.search}
    </p>
  );
}

/** Loads the toolbar's language before the story renders. */
export const withLanguage = async ({ globals }: { globals: Record<string, unknown> }) => {
  const language = storyLocale(globals);
  if (!i18next.isInitialized) await initI18n(i18next, { lng: language });
  await i18next.changeLanguage(language);
  return {};
};

/** Mounts an app page at its route with a mocked API. */
export const withApp: Decorator = (Story, { parameters, canvasElement }) => {
  const params = parameters.app as AppStoryParameters;
  const record: AppStoryRecord = { calls: [], externalNavigations: [], downloads: [] };
  records.set(canvasElement.ownerDocument.body, record);
  const store = createStore();
  store.set(apiAtom, createClient({ fetch: mockFetch(params.api ?? [], record) }));
  store.set(externalNavigateAtom, { go: (url) => record.externalNavigations.push(url) });
  store.set(fileDownloadAtom, { save: (fileName, content) => record.downloads.push({ fileName, content }) });
  const pattern = params.pattern ?? new URL(params.route, 'http://x').pathname;
  return (
    <Provider store={store}>
      <MemoryRouter initialEntries={[params.route]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={pattern} element={<Story />} />
            <Route path="*" element={<CurrentLocation />} />
          </Routes>
          {params.showAddress ? <Address /> : null}
        </Suspense>
      </MemoryRouter>
    </Provider>
  );
};

export const jsonHeaders = { 'content-type': 'application/json' };

/** A login-session answer with sensible defaults. */
export function loginState(state: string, extra: Record<string, unknown> = {}) {
  return {
    state,
    session_id: 'SessionIdForStories0123456789abc',
    available_credentials: [],
    is_user: false,
    is_stakeholder: false,
    allow_totp_remember: true,
    ...extra,
  };
}

export const storyUser = {
  name: 'Anna Andersson',
  email: 'anna@example.com',
  locale: 'en',
  profile_picture: null,
  available_credentials: [{ id: '11111111-1111-4111-8111-111111111111', type: 'password', provider: null }],
  is_user: true,
};

/** This browser's portal session, as "Where you are signed in" lists it. */
export const storySession = {
  id: 'SessionOfThisBrowser01',
  browser: 'Firefox 133',
  os: 'Windows 10',
  method: 'password',
  second_factor: null,
  signed_in_at: '2026-03-08T09:00:00.000Z',
  last_active_at: '2026-03-10T11:58:00.000Z',
  current: true,
};
