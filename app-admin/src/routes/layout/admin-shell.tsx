import {
  Alert,
  Avatar,
  Button,
  buttonVariants,
  LoadStatus,
  Sidebar,
  type SidebarItem,
  type SidebarLinkProps,
  Spinner,
  sidebarIcons,
} from '@helios/design-system';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authFailureAtom } from '../../api';
import { checkSessionAtom, darkModeAtom, sessionAtom, sidebarCollapsedAtom, signOutAtom } from '../../atoms/session';
import { useT } from '../../i18n';
import { useExternalNavigation } from '../../lib/navigation';
import { adminPathOf, adminReturnPath, loginAddress, recheckAddress, routerPathOf } from '../../lib/return-path';

/** The sidebar entry a router path belongs to. */
function sectionOf(pathname: string): string {
  const first = pathname.split('/')[1] ?? '';
  if (first === '' || first === 'tenants') return 'tenants';
  if (first === 'tokens') return 'accounts';
  return first;
}

export function PageFallback({ label }: { label?: string }) {
  return (
    <div className="grid min-h-48 place-items-center text-primary">
      <Spinner size="lg" label={label} />
    </div>
  );
}

/**
 * The session gate of the console: on load GET /auth/session — signed out goes to the sign-in
 * page with the address to come back to. An admin call answering 401 or 403 (reported by
 * `adminCall`) brings the admin to /admin?from=<where they were>, where the session is checked
 * again (spec §2).
 */
function useSessionGate() {
  const session = useAtomValue(sessionAtom);
  const checkSession = useSetAtom(checkSessionAtom);
  const [authFailure, setAuthFailure] = useAtom(authFailureAtom);
  const [forbidden, setForbidden] = useState(false);
  const [checks, setChecks] = useState(0);
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const navigation = useExternalNavigation();
  const from = adminReturnPath(params.get('from'));

  // The address to come back to, read when a check finishes; kept in a ref so a change of page
  // does not start another check.
  const here = useRef({ from, current: adminPathOf(location) });
  here.current = { from, current: adminPathOf(location) };
  const forbiddenRef = useRef(forbidden);
  forbiddenRef.current = forbidden;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `checks` re-runs the check when asked
  useEffect(() => {
    let active = true;
    void checkSession().then((result) => {
      if (!active) return;
      const back = here.current.from ?? here.current.current;
      if (result.status === 'signedOut') navigation.go(loginAddress(back));
      else if (result.status === 'signedIn' && here.current.from && !forbiddenRef.current) {
        navigate(routerPathOf(here.current.from), { replace: true });
      }
    });
    return () => {
      active = false;
    };
  }, [checkSession, checks]);

  useEffect(() => {
    if (!authFailure) return;
    setAuthFailure(null);
    // A second failure while already on the check page keeps the first address.
    const back = here.current.from ?? here.current.current;
    const isForbidden = authFailure.status === 403;
    setForbidden(isForbidden);
    forbiddenRef.current = isForbidden;
    navigate(recheckAddress(back), { replace: true });
    setChecks((count) => count + 1);
  }, [authFailure, setAuthFailure, navigate]);

  const retry = useCallback(() => setChecks((count) => count + 1), []);
  const leaveForbidden = useCallback(() => {
    setForbidden(false);
    forbiddenRef.current = false;
    navigate(routerPathOf(here.current.from ?? '/admin'), { replace: true });
  }, [navigate]);

  return { session, forbidden, from: from ?? adminPathOf(location), retry, leaveForbidden };
}

/** Sidebar and content of every console page, behind the session check. */
export function AdminShell() {
  const { t } = useT();
  const { session, forbidden, from, retry, leaveForbidden } = useSessionGate();

  if (session.status === 'checking' || session.status === 'signedOut') {
    const label = session.status === 'checking' ? t('session.checking') : t('session.redirecting');
    return (
      <main className="grid min-h-dvh place-items-center p-6">
        <p className="flex items-center gap-3 text-muted-foreground text-sm">
          <Spinner label={label} />
          <span aria-hidden="true">{label}</span>
        </p>
      </main>
    );
  }
  if (session.status === 'failed') {
    return (
      <main className="mx-auto grid min-h-dvh max-w-lg place-items-center p-6">
        <LoadStatus
          status="failed"
          failedMessage={t('session.failed')}
          onRetry={retry}
          retryLabel={t('common.tryAgain')}
        />
      </main>
    );
  }
  // Known at once from the session check: a signed-in person who is not an admin never sees the
  // console, not even until the first admin call is refused.
  if (!session.isAdmin) return <NoAdminAccess email={session.email} from={from} />;
  return (
    <ShellLayout email={session.email}>
      {forbidden ? (
        <Forbidden email={session.email} from={from} onRetry={leaveForbidden} />
      ) : (
        <Suspense fallback={<PageFallback label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      )}
    </ShellLayout>
  );
}

function ShellLayout({ email, children }: { email: string; children: ReactNode }) {
  const { t } = useT();
  const { pathname } = useLocation();
  const [dark, setDark] = useAtom(darkModeAtom);
  const [collapsed, setCollapsed] = useAtom(sidebarCollapsedAtom);

  const items: SidebarItem[] = [
    { key: 'tenants', label: t('nav.tenants'), href: '/tenants', icon: sidebarIcons.tenants },
    { key: 'accounts', label: t('nav.accounts'), href: '/accounts', icon: sidebarIcons.accounts },
    { key: 'invoice', label: t('nav.invoice'), href: '/invoice', icon: sidebarIcons.invoice },
    { key: 'notifications', label: t('nav.notifications'), href: '/notifications', icon: sidebarIcons.notifications },
    { key: 'audit', label: t('nav.audit'), href: '/audit', icon: sidebarIcons.audit },
  ];
  const bottomItems: SidebarItem[] = [
    { key: 'tools', label: t('nav.tools'), href: '/tools', icon: sidebarIcons.tools },
  ];

  return (
    <div className="flex h-dvh bg-background text-foreground">
      <Sidebar
        items={items}
        bottomItems={bottomItems}
        activeKey={sectionOf(pathname)}
        collapsed={collapsed}
        onCollapsedChange={setCollapsed}
        dark={dark}
        onDarkChange={setDark}
        title={t('common.appName')}
        labels={{
          navigation: t('nav.navigation'),
          collapse: t('nav.collapse'),
          expand: t('nav.expand'),
          darkMode: t('nav.darkMode'),
        }}
        renderLink={renderRouterLink}
        className="shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end gap-3 border-b px-4 py-2 sm:px-6 lg:px-8">
          <SignedInPerson email={email} />
        </header>
        <main className="min-w-0 flex-1 overflow-y-auto">
          <div className="mx-auto grid max-w-6xl gap-6 p-4 *:min-w-0 sm:p-6 lg:p-8">{children}</div>
        </main>
      </div>
    </div>
  );
}

function renderRouterLink(_item: SidebarItem, children: ReactNode, { href, ...linkProps }: SidebarLinkProps) {
  return (
    <Link to={href} {...linkProps}>
      {children}
    </Link>
  );
}

/** Ends the portal session, then goes to the sign-in page (which brings the next person back to `from`). */
function useSignOut(from: string) {
  const signOut = useSetAtom(signOutAtom);
  const navigation = useExternalNavigation();
  const [leaving, setLeaving] = useState(false);

  async function leave() {
    setLeaving(true);
    try {
      await signOut();
    } finally {
      navigation.go(loginAddress(from));
    }
  }

  return { leaving, leave };
}

/** Who is signed in, and Sign out: in the console's top bar. */
function SignedInPerson({ email }: { email: string }) {
  const { t } = useT();
  const { leaving, leave } = useSignOut('/admin');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={email} size="sm" />
      <span className="min-w-0 truncate text-sm" title={email}>
        <span className="sr-only">{t('session.signedInAs')} </span>
        {email}
      </span>
      <Button
        variant="outline"
        size="sm"
        loading={leaving}
        loadingLabel={t('common.loading')}
        onClick={() => void leave()}
      >
        {t('session.signOut')}
      </Button>
    </div>
  );
}

/** A signed-in person who is not a platform admin: told so on a page of its own, with a way to
 * sign in as someone else or to go to the sign-in portal. */
function NoAdminAccess({ email, from }: { email: string; from: string }) {
  const { t } = useT();
  const { leaving, leave } = useSignOut(from);
  return (
    <main className="mx-auto grid min-h-dvh max-w-lg place-items-center p-6">
      <section aria-labelledby="no-admin-access" className="grid gap-4">
        <h1 id="no-admin-access" className="font-semibold text-2xl">
          {t('session.forbiddenTitle')}
        </h1>
        <p className="text-muted-foreground">{t('session.forbiddenText', { email })}</p>
        <div className="flex flex-wrap gap-2">
          <Button loading={leaving} loadingLabel={t('common.loading')} onClick={() => void leave()}>
            {t('session.signInAsOther')}
          </Button>
          <a href="/login" className={buttonVariants({ variant: 'outline' })}>
            {t('session.toPortal')}
          </a>
        </div>
      </section>
    </main>
  );
}

/** Signed in as an admin, but the server refused an admin call (403): the rights were taken away
 * since the page opened, or the check is out of date. */
function Forbidden({ email, from, onRetry }: { email: string; from: string; onRetry: () => void }) {
  const { t } = useT();
  const { leaving, leave } = useSignOut(from);

  return (
    <Alert
      tone="warning"
      title={t('session.forbiddenTitle')}
      action={
        <>
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
          <Button size="sm" loading={leaving} loadingLabel={t('common.loading')} onClick={() => void leave()}>
            {t('session.signInAsOther')}
          </Button>
        </>
      }
    >
      {t('session.forbiddenText', { email })}
    </Alert>
  );
}
