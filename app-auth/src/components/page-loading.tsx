import { Spinner } from '@helios/design-system';
import { useTranslation } from 'react-i18next';

/**
 * A page waiting for what it shows: the spinner the portal shows while a page's code loads, in
 * the same place, so the two follow each other without a jump. The spinner announces the loading
 * in the page's language; a page's heading, when given, is there for screen readers.
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
