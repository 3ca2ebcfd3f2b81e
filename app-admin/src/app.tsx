import { ToastProvider } from '@helios/design-system';
import { createStore, Provider } from 'jotai';
import { type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { adminI18n, useT } from './i18n';
import { AdminRoutes } from './routes';
import { PageFallback } from './routes/layout/admin-shell';

/** The router's basename: the server serves the console under /admin. */
export const ADMIN_BASENAME = '/admin';

/** Toasts with the console's words; inside the i18n provider. */
export function AdminToasts({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <ToastProvider closeLabel={t('common.close')} label={t('common.appName')}>
      {children}
    </ToastProvider>
  );
}

/** Everything around the pages: the store, the texts and the toasts. Stories use it with a
 * memory router and a store holding a mocked API. */
export function AdminProviders({ store, children }: { store: ReturnType<typeof createStore>; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={adminI18n}>
        <Suspense fallback={<PageFallback />}>
          <AdminToasts>{children}</AdminToasts>
        </Suspense>
      </I18nextProvider>
    </Provider>
  );
}

export function App({ store: given }: { store?: ReturnType<typeof createStore> }) {
  const [store] = useState(() => given ?? createStore());
  return (
    <AdminProviders store={store}>
      <BrowserRouter basename={ADMIN_BASENAME}>
        <AdminRoutes />
      </BrowserRouter>
    </AdminProviders>
  );
}
