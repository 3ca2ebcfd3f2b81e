import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ACCESSED_TENANTS_KEY } from '../../app-auth/src/lib/accessed-tenants';
import { SelectTenantPage } from '../../app-auth/src/routes/select-tenant/select-tenant-page';
import {
  type AppStoryParameters,
  getRecord,
  type MockResponse,
  type MockRoute,
  storyUser,
  withApp,
  withLanguage,
} from './lib/app-story';

const acme = { id: 'tenant-acme', name: 'Acme AB', slug: 'acmeab', url: 'https://acmeab.helios.test/' };
const orebro = { id: 'tenant-orebro', name: 'Örebro Kommun', slug: 'orebrokommun', url: 'https://orebro.helios.test/' };
const nordic = { id: 'tenant-nordic', name: 'Nordic Retail', slug: 'nordicretail', url: 'https://nordic.helios.test/' };

/** Midday a number of calendar days ago, in local time. */
function daysAgo(days: number): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - days, 12).toISOString();
}

const app = (
  respond: MockRoute['respond'],
  route = '/login/select-tenant',
  user: MockResponse = { body: storyUser },
): AppStoryParameters => ({
  route,
  pattern: '/login/select-tenant',
  api: [
    { method: 'GET', path: '/auth/available-tenants', respond },
    { method: 'GET', path: '/oauth2/userinfo', respond: user },
    { method: 'POST', path: '/auth/logout', respond: { status: 204 } },
  ],
});
const tenants = (list: (typeof acme)[], isStakeholder = false): MockResponse => ({
  body: { tenants: list, is_stakeholder: isStakeholder },
});

/** Seeds the remembered access times for the story and puts the previous value back afterwards. */
function seedAccessed(value: string | null) {
  return () => {
    const previous = window.localStorage.getItem(ACCESSED_TENANTS_KEY);
    if (value === null) window.localStorage.removeItem(ACCESSED_TENANTS_KEY);
    else window.localStorage.setItem(ACCESSED_TENANTS_KEY, value);
    return () => {
      if (previous === null) window.localStorage.removeItem(ACCESSED_TENANTS_KEY);
      else window.localStorage.setItem(ACCESSED_TENANTS_KEY, previous);
    };
  };
}
const storedAccess = () => JSON.parse(window.localStorage.getItem(ACCESSED_TENANTS_KEY) ?? '{}');
const isToday = (iso: string | undefined) =>
  iso !== undefined && new Date(iso).toDateString() === new Date().toDateString();

const meta = {
  title: 'App auth/Select tenant',
  component: SelectTenantPage,
  decorators: [withApp],
  loaders: [withLanguage],
  parameters: { layout: 'fullscreen', app: app(tenants([acme, orebro, nordic])) },
  render: () => <SelectTenantPage />,
  beforeEach: seedAccessed(JSON.stringify({ [acme.id]: daysAgo(0), [orebro.id]: daysAgo(3) })),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Several instances, each with when it was last opened from this browser. */
export const SeveralTenants: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Select a instance');
    const list = await canvas.findByRole('list', { name: 'Select a instance' });
    const cards = within(list).getAllByRole('button');
    await expect(cards.map((card) => card.textContent)).toEqual([
      'Acme ABacmeabLast accessed: today',
      'Örebro KommunorebrokommunLast accessed: 3 days ago',
      'Nordic RetailnordicretailLast accessed: –',
    ]);
    await expect(canvas.queryByRole('button', { name: 'Go to sharing portal' })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Account settings' })).toHaveAttribute('href', '/profile');
    // Who is signed in, and the way out.
    await expect(await canvas.findByTestId('signed-in-as')).toHaveTextContent(
      'Signed in as Anna Anderssonanna@example.com',
    );
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await userEvent.click(canvas.getByRole('button', { name: /Nordic Retail/ }));
    await expect(getRecord(canvasElement).externalNavigations).toEqual([nordic.url]);
    await expect(await canvas.findByRole('status', { name: 'Opening Nordic Retail…' })).toBeInTheDocument();
    const stored = storedAccess();
    await expect(isToday(stored[nordic.id])).toBe(true);
    await expect(stored[orebro.id]).toBe(daysAgo(3));
  },
};

/** Exactly one instance and not a stakeholder: it opens at once. */
export const OneTenant: Story = {
  parameters: { app: app(tenants([acme])) },
  beforeEach: seedAccessed(null),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Opening Acme AB…' })).toBeInTheDocument();
    await expect(getRecord(canvasElement).externalNavigations).toEqual([acme.url]);
    await expect(canvas.queryByRole('button', { name: /Acme AB/ })).not.toBeInTheDocument();
    await expect(isToday(storedAccess()[acme.id])).toBe(true);
  },
};

/** A stakeholder chooses between an instance and the sharing portal; nothing opens by itself. */
export const Stakeholder: Story = {
  parameters: { app: app(tenants([acme], true)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const portal = await canvas.findByRole('button', { name: 'Go to sharing portal' });
    await expect(canvas.getByRole('button', { name: /Acme AB/ })).toHaveTextContent('Last accessed: today');
    await expect(getRecord(canvasElement).externalNavigations).toEqual([]);
    await userEvent.click(portal);
    await expect(getRecord(canvasElement).externalNavigations).toEqual(['/auth/athena']);
  },
};

/** A stakeholder without instances has only the sharing portal, and no "no access" message. */
export const StakeholderWithoutTenants: Story = {
  parameters: { app: app(tenants([], true)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Go to sharing portal' })).toBeVisible();
    await expect(canvas.queryByRole('list')).not.toBeInTheDocument();
    await expect(canvas.queryByText('You do not have access to any instance yet.')).not.toBeInTheDocument();
  },
};

export const NoTenants: Story = {
  parameters: { app: app(tenants([])) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('You do not have access to any instance yet.')).toBeVisible();
    await expect(canvas.getByText('Ask your organisation to invite you.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Go to sharing portal' })).not.toBeInTheDocument();
    await expect(getRecord(canvasElement).externalNavigations).toEqual([]);
  },
};

/** Signed out meanwhile (401): back to sign-in, keeping the query. */
export const SignedOut: Story = {
  parameters: {
    app: app(
      { status: 401, body: { detail: [{ type: 'unauthenticated', msg: 'Not signed in' }] } },
      '/login/select-tenant?client_id=athena&lang=sv',
    ),
  },
  play: async ({ canvasElement }) => {
    const location = await within(canvasElement).findByTestId('location');
    await expect(location).toHaveTextContent('/login?client_id=athena&lang=sv');
  },
};

const serverError: MockResponse = { status: 500, body: { detail: [{ type: 'internal_error', msg: 'Internal' }] } };

/** The instances fail to load while the session is valid: an error with Try again and Sign out,
 * and the page stays (sign-in would see the valid session and send the browser straight back). */
export const LoadFailed: Story = {
  parameters: {
    app: app(({ call }) => (call === 1 ? serverError : tenants([acme, orebro]))),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your instances could not be loaded. Try again in a moment.');
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Select a instance');
    await expect(await canvas.findByTestId('signed-in-as')).toHaveTextContent('Anna Andersson');
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(canvas.queryByTestId('location')).not.toBeInTheDocument();
    const loads = () => getRecord(canvasElement).calls.filter((c) => c.path === '/auth/available-tenants').length;
    await expect(loads()).toBe(1);

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('list', { name: 'Select a instance' })).toBeVisible();
    await expect(loads()).toBe(2);
  },
};

/** The same failure in Swedish; Sign out ends the session and goes to sign-in. */
export const LoadFailedInSwedish: Story = {
  globals: { locale: 'sv' },
  parameters: { app: app(serverError) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Det gick inte att hämta dina instanser. Försök igen om en stund.',
    );
    await expect(canvas.getByRole('button', { name: 'Försök igen' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(canvas.getByTestId('location')).toHaveTextContent('/login'));
    await expect(getRecord(canvasElement).calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /auth/logout');
  },
};

/** Who is signed in is not known (that call failed): the instances and Sign out still show. */
export const WithoutPerson: Story = {
  parameters: { app: app(tenants([acme, orebro]), '/login/select-tenant', serverError) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('list', { name: 'Select a instance' })).toBeVisible();
    await expect(canvas.queryByTestId('signed-in-as')).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Sign out' })).toBeVisible();
  },
};

/** Whatever is stored under accessed_tenants, the picker works; unknown times show a dash. */
export const CorruptAccessTimes: Story = {
  beforeEach: seedAccessed('{"tenant-acme": "2026-'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = within(await canvas.findByRole('list')).getAllByRole('button');
    for (const card of cards) await expect(card).toHaveTextContent('Last accessed: –');
    await userEvent.click(cards[0] as HTMLElement);
    await waitFor(() => expect(isToday(storedAccess()[acme.id])).toBe(true));
  },
};

export const InSwedish: Story = {
  globals: { locale: 'sv' },
  beforeEach: seedAccessed(JSON.stringify({ [acme.id]: daysAgo(1), [orebro.id]: daysAgo(3) })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Välj en instans');
    const cards = within(await canvas.findByRole('list')).getAllByRole('button');
    await expect(cards[0]).toHaveTextContent('Senast besökt: i går');
    await expect(cards[1]).toHaveTextContent('Senast besökt: för 3 dagar sedan');
    await expect(await canvas.findByTestId('signed-in-as')).toHaveTextContent('Inloggad som Anna Andersson');
    await expect(canvas.getByRole('button', { name: 'Logga ut' })).toBeVisible();
    await expect(cards[2]).toHaveTextContent('Senast besökt: –');
  },
};

/** An answer that never comes while the story is looked at. */
const loadingForever = app({ ...tenants([acme, orebro]), delayMs: 86_400_000 });

/** While the instances load: the portal's page spinner, announced as loading, under the page's
 * heading for screen readers. The card appears with its instances, so it never jumps to a new
 * height. */
export const Loading: Story = {
  parameters: { app: loadingForever },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Loading…' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Select a instance');
    await expect(canvas.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    await expect(canvasElement.querySelector('[data-slot="auth-card-panel"]')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: 'Select a instance' })).not.toBeInTheDocument();
  },
};

/** The same in Swedish: the spinner and the heading speak the page's language. */
export const LoadingInSwedish: Story = {
  globals: { locale: 'sv' },
  parameters: { app: loadingForever },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status', { name: 'Laddar…' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Välj en instans');
  },
};
