import { Alert, buttonVariants } from '@helios/design-system';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Step 2: the account must choose a new password before signing in. */
export function ResetRequiredStep({ resetHref }: { resetHref: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4">
      <Alert tone="warning" title={t('login.resetRequiredTitle')} role="status">
        {t('login.resetRequiredText')}
      </Alert>
      <p className="text-muted-foreground text-sm">{t('login.severalAccountsNotice')}</p>
      <Link to={resetHref} className={buttonVariants({ fullWidth: true, size: 'lg' })}>
        {t('login.resetRequiredAction')}
      </Link>
    </div>
  );
}
