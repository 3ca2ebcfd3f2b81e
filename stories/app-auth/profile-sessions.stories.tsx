import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { SessionsSection } from '../../app-auth/src/routes/profile/sessions-section';
import {
  type AppStoryParameters,
  getRecord,
  type MockRoute,
  storySession,
  withApp,
  withLanguage,
} from './lib/app-story';

const LAPTOP = {
  ...storySession,
  id: 'SessionOfTheLaptop0001',
  browser: 'Chrome 131',
  os: 'macOS Catalina',
  method: 'email_code',
  second_factor: 'authenticator',
  last_active_at: '2026-03-09T16:20:00.000Z',
  current: false,
};
const PHONE = {
  ...storySession,
  id: 'SessionOfThePhone00001',
  browser: null,
  os: 'iOS 17',
  method: 'provider',
  second_factor: null,
  last_active_at: '2026-02-20T07:00:00.000Z',
  current: false,
};

const listRoute = (respond: MockRoute['respond']): MockRoute => ({ method: 'GET', path: '/auth/sessions', respond });
const app = (...api: MockRoute[]): AppStoryParameters => ({
  route: '/profile',
  api: [...api, listRoute({ body: { sessions: [storySession, LAPTOP, PHONE] } })],
});

const meta = {
  title: 'App auth/Profile/Where you are signed in',
  component: SessionsSection,
  decorators: [
    (Story) => (
      <div className="mx-auto max-w-2xl p-4">
        <Story />
      </div>
    ),
    withApp,
  ],
  loaders: [withLanguage],
  parameters: { app: app() },
  render: () => <SessionsSection />,
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const callsTo = (canvasElement: HTMLElement, method: string, path: string) =>
  getRecord(canvasElement).calls.filter((call) => call.method === method && call.path === path);

/** Three sessions: this one marked, the others with their method and a Sign out each. */
export const Several: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Where you are signed in' })).toBeVisible();
    const items = await canvas.findAllByRole('listitem');
    await expect(items.map((item) => item.querySelector('[data-slot=session-list-device]')?.textContent)).toEqual([
      'Firefox 133 on Windows 10',
      'Chrome 131 on macOS Catalina',
      'iOS 17',
    ]);
    await expect(items[0]).toHaveTextContent('This device');
    await expect(items[0]).toHaveTextContent('Password');
    await expect(items[1]).toHaveTextContent('Email code and authenticator app');
    await expect(items[2]).toHaveTextContent('Another sign-in service');
    await expect(canvas.getByRole('button', { name: 'Sign out Chrome 131 on macOS Catalina' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Sign out iOS 17' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Sign out of all other sessions' })).toBeEnabled();
  },
};

/** Sign out on another session: the list the server answers replaces the old one. */
export const SignOutOne: Story = {
  parameters: {
    app: app({
      method: 'DELETE',
      path: `/auth/sessions/${LAPTOP.id}`,
      respond: { body: { sessions: [storySession, PHONE] }, delayMs: 50 },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Sign out Chrome 131 on macOS Catalina' });
    await userEvent.click(button);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(await canvas.findByText('The session is signed out.')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: /Chrome 131/ })).not.toBeInTheDocument();
    await expect(callsTo(canvasElement, 'DELETE', `/auth/sessions/${LAPTOP.id}`)).toHaveLength(1);
  },
};

/** "Sign out of all other sessions", confirmed: only this session is left. */
export const SignOutOthers: Story = {
  parameters: {
    app: app({
      method: 'POST',
      path: '/auth/sessions/sign-out-others',
      respond: { body: { sessions: [storySession] } },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out of all other sessions' }));
    const dialog = await body.findByRole('alertdialog', { name: 'Sign out of all other sessions?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await expect(await canvas.findByText('All other sessions are signed out.')).toBeVisible();
    await waitFor(() => expect(canvas.getAllByRole('listitem')).toHaveLength(1));
    await expect(canvas.queryByRole('button', { name: 'Sign out of all other sessions' })).not.toBeInTheDocument();
    await expect(callsTo(canvasElement, 'POST', '/auth/sessions/sign-out-others')).toHaveLength(1);
  },
};

/** A session that had ended meanwhile (404): the list is loaded again. */
export const AlreadyEnded: Story = {
  parameters: {
    app: app({
      method: 'DELETE',
      path: `/auth/sessions/${LAPTOP.id}`,
      respond: { status: 404, body: { detail: [{ type: 'not_found', msg: 'No such session' }] } },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign out Chrome 131 on macOS Catalina' }));
    await waitFor(() => expect(callsTo(canvasElement, 'GET', '/auth/sessions')).toHaveLength(2));
  },
};

export const Loading: Story = {
  parameters: { app: app(listRoute({ body: { sessions: [storySession] }, delayMs: 60_000 })) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent('Loading sessions…');
  },
};

/** The list could not be loaded: an error with Try again, which loads it. */
export const LoadFailed: Story = {
  parameters: {
    app: app(
      listRoute(({ call }) =>
        call === 1
          ? { status: 503, body: { detail: [{ type: 'service_unavailable', msg: 'down' }] } }
          : { body: { sessions: [storySession] } },
      ),
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByText('This device')).toBeVisible();
  },
};

/** This browser was signed out elsewhere: the section sends it to sign in. */
export const SignedOutElsewhere: Story = {
  parameters: {
    app: app(listRoute({ status: 401, body: { detail: [{ type: 'unauthenticated', msg: 'Not signed in' }] } })),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await expect(await canvas.findByTestId('location')).toHaveTextContent('/login');
  },
};
