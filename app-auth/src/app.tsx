import { createStore, Provider } from 'jotai';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { loadApiClient } from './api';
import { PageLoading } from './components/page-loading';
import { LoginPage } from './routes/login/login-page';

/** A page that loads when visited, together with the API client it calls at once. */
function page<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), loadApiClient()]);
    return { default: Component };
  });
}

// Sign-in itself is in the first chunk; every other page loads when visited. The declarative
// router keeps the first chunk small: the pages need no loaders or actions.
const SelectTenantPage = page(() =>
  import('./routes/select-tenant/select-tenant-page').then((m) => m.SelectTenantPage),
);
const ResetPasswordPage = page(() =>
  import('./routes/reset-password/reset-password-page').then((m) => m.ResetPasswordPage),
);
const SetPasswordPage = page(() => import('./routes/set-password/set-password-page').then((m) => m.SetPasswordPage));
const ProfilePage = page(() => import('./routes/profile/profile-page').then((m) => m.ProfilePage));
const TotpSetupPage = page(() => import('./routes/totp-setup/totp-setup-page').then((m) => m.TotpSetupPage));
const NotFoundPage = page(() => import('./routes/not-found/not-found-page').then((m) => m.NotFoundPage));

/** Every route of the sign-in portal. */
export function AuthRoutes() {
  return (
    <Routes>
      <Route path="/" element={<Navigate to={{ pathname: '/login', search: window.location.search }} replace />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/login/select-tenant" element={<SelectTenantPage />} />
      <Route path="/login/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login/set-password/:token" element={<SetPasswordPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/profile/credentials/totp/setup" element={<TotpSetupPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App({ store: given }: { store?: ReturnType<typeof createStore> }) {
  const [store] = useState(() => given ?? createStore());
  return (
    <Provider store={store}>
      <BrowserRouter>
        <Suspense fallback={<PageLoading />}>
          <AuthRoutes />
        </Suspense>
      </BrowserRouter>
    </Provider>
  );
}
