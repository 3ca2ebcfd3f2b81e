import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AdminShell } from './routes/layout/admin-shell';

// Every page loads when visited; the first chunk holds the shell (session check, navigation).
const TenantsPage = lazy(() => import('./routes/tenants/tenants-page').then((m) => ({ default: m.TenantsPage })));
const NewTenantPage = lazy(() =>
  import('./routes/new-tenant/new-tenant-page').then((m) => ({ default: m.NewTenantPage })),
);
const AccountsPage = lazy(() => import('./routes/accounts/accounts-page').then((m) => ({ default: m.AccountsPage })));
const InvoicePage = lazy(() => import('./routes/invoice/invoice-page').then((m) => ({ default: m.InvoicePage })));
const NotificationsPage = lazy(() =>
  import('./routes/notifications/notifications-page').then((m) => ({ default: m.NotificationsPage })),
);
const ToolsPage = lazy(() => import('./routes/tools/tools-page').then((m) => ({ default: m.ToolsPage })));
const TokensPage = lazy(() => import('./routes/tokens/tokens-page').then((m) => ({ default: m.TokensPage })));
const AuditPage = lazy(() => import('./routes/audit/audit-page').then((m) => ({ default: m.AuditPage })));
const NotFoundPage = lazy(() => import('./routes/not-found/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/** Every page of the console, relative to the router's basename `/admin`. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route element={<AdminShell />}>
        <Route index element={<TenantsPage />} />
        <Route path="tenants" element={<TenantsPage />} />
        <Route path="tenants/new" element={<NewTenantPage />} />
        <Route path="accounts" element={<AccountsPage />} />
        <Route path="invoice" element={<InvoicePage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="tools" element={<ToolsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="tokens/:email/:accountId" element={<TokensPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
