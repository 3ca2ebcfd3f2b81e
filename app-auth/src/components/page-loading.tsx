import { Spinner } from '@helios/design-system';
import { useTranslation } from 'react-i18next';

/**
 * The portal's loading page: shown while a page's code loads (the router's fallback) and by a
 * page that waits for what it shows, so one follows the other in the same place without a jump.
 * The spinner announces the loading in the page's language; a page's heading, when given, is
 * there for screen readers.
 */
export function PageLoading({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <main data-slot="page-loading" aria-busy="true" className="grid min-h-dvh place-items-center">
      {title ? <h1 className="sr-only">{title}</h1> : null}
      <Spinner size="lg" label={t('common.loading')} />
    </main>
  );
}
