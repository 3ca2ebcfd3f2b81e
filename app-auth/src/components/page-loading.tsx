import { Spinner } from '@helios/design-system';

/**
 * A page waiting for what it shows: the spinner the portal shows while a page's code loads, in
 * the same place, so the two follow each other without a jump. The page's heading is there for
 * screen readers, and the spinner announces the loading.
 */
export function PageLoading({ title, label }: { title?: string; label?: string }) {
  return (
    <main data-slot="page-loading" aria-busy="true" className="grid min-h-dvh place-items-center">
      {title ? <h1 className="sr-only">{title}</h1> : null}
      <Spinner size="lg" label={label} />
    </main>
  );
}
