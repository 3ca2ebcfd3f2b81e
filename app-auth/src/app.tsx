import { Spinner } from '@helios/design-system';
import { createStore, Provider } from 'jotai';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router-dom';
import { LoginPage } from './routes/login/login-page';

/** Every route of the sign-in portal. Sign-in itself is in the first chunk; the other pages
 * load when visited. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={{ pathname: '/login', search: window.location.search }} replace /> },
  { path: '/login', element: <LoginPage /> },
  {
    path: '/login/select-tenant',
    lazy: () => import('./routes/select-tenant/select-tenant-page').then((m) => ({ Component: m.SelectTenantPage })),
  },
  {
    path: '/login/reset-password',
    lazy: () => import('./routes/reset-password/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  },
  {
    path: '/login/set-password/:token',
    lazy: () => import('./routes/set-password/set-password-page').then((m) => ({ Component: m.SetPasswordPage })),
  },
  { path: '/profile', lazy: () => import('./routes/profile/profile-page').then((m) => ({ Component: m.ProfilePage })) },
  {
    path: '/profile/credentials/totp/setup',
    lazy: () => import('./routes/totp-setup/totp-setup-page').then((m) => ({ Component: m.TotpSetupPage })),
  },
  { path: '*', lazy: () => import('./routes/not-found/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
];

export function PageFallback() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Spinner size="lg" />
    </div>
  );
}

export function App({ store = createStore() }: { store?: ReturnType<typeof createStore> }) {
  const router = createBrowserRouter(routes);
  return (
    <Provider store={store}>
      <Suspense fallback={<PageFallback />}>
        <RouterProvider router={router} />
      </Suspense>
    </Provider>
  );
}
