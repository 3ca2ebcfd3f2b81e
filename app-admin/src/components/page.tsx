import type * as React from 'react';
import { useEffect } from 'react';
import { useT } from '../i18n';

/** The heading block of a console page; also names the browser tab. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
}) {
  const { t } = useT();
  useEffect(() => {
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, t]);
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl">{title}</h1>
        {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
