import { requiresRecentLogin } from '@helios/api';
import { Alert, Button } from '@helios/design-system';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useStepUp } from '../../components/step-up';
import { exportFileName, useFileDownload } from '../../lib/download';
import { type ErrorKey, errorKey } from '../../lib/errors';

/** "Download my data" (GDPR articles 15 and 20): after confirming it is them, the browser saves a
 * JSON file of what Helios holds about the account. */
export function DataExportSection() {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const stepUp = useStepUp();
  const save = useFileDownload();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; key: 'dataExport.done' | ErrorKey } | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const data = await stepUp.run(() => api.call('exportData', { body: {} }));
      save(
        exportFileName(new Date(data.exported_at)),
        new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
      );
      setMessage({ tone: 'success', key: 'dataExport.done' });
    } catch (error) {
      // Closing the confirmation is no failure: nothing happened.
      if (!requiresRecentLogin(error)) setMessage({ tone: 'error', key: errorKey(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-base">
          {t('dataExport.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('dataExport.text')}</p>
      </div>
      {message ? <Alert tone={message.tone}>{t(message.key)}</Alert> : null}
      <Button
        variant="outline"
        className="justify-self-start"
        loading={busy}
        loadingLabel={t('common.loading')}
        onClick={() => void download()}
      >
        {t('dataExport.button')}
      </Button>
      {stepUp.dialog}
    </section>
  );
}
