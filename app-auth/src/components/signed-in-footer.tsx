import type { UserInfo } from '@helios/api';
import { Alert, Button } from '@helios/design-system';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignOut } from './use-sign-out';

/** Who is signed in and Sign out, under a page only a signed-in person sees; `links` go beside
 * Sign out. The person shows once known (a failed look-up leaves only Sign out). */
export function SignedInFooter({ user, links }: { user: Pick<UserInfo, 'name' | 'email'> | null; links?: ReactNode }) {
  const { t } = useTranslation();
  const { signOut, signingOut, failure } = useSignOut();
  return (
    <div className="grid gap-3 text-start">
      {failure ? <Alert tone="error">{t(failure)}</Alert> : null}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        {user ? (
          <p data-testid="signed-in-as" className="grid min-w-0">
            <span>
              {t('common.signedInAs')} <span className="font-medium text-foreground">{user.name || user.email}</span>
            </span>
            {user.name ? <span className="break-all">{user.email}</span> : null}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {links}
          <Button
            variant="outline"
            size="sm"
            loading={signingOut}
            loadingLabel={t('common.loading')}
            onClick={() => void signOut()}
          >
            {t('common.signOut')}
          </Button>
        </div>
      </div>
    </div>
  );
}
