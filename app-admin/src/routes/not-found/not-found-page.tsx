import { buttonVariants, EmptyState } from '@helios/design-system';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page';
import { useT } from '../../i18n';

export function NotFoundPage() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t('notFound.title')} />
      <EmptyState
        title={t('notFound.text')}
        action={
          <Link to="/tenants" className={buttonVariants()}>
            {t('notFound.home')}
          </Link>
        }
      />
    </>
  );
}
