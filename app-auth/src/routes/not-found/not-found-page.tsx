import { buttonVariants } from '@helios/design-system';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AuthPage } from '../../components/auth-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <AuthPage title={t('notFound.title')} description={t('notFound.text')}>
      <Link to="/login" className={buttonVariants({ fullWidth: true })}>
        {t('notFound.home')}
      </Link>
    </AuthPage>
  );
}
