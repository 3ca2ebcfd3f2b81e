import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, useToast } from '@helios/design-system';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { clearSettingsCacheAtom } from '../../atoms/tools';
import { PageHeader } from '../../components/page';
import { useT } from '../../i18n';

/** Tools (/admin/tools): cache invalidation. */
export function ToolsPage() {
  const { t } = useT();
  const { toast } = useToast();
  const clearCache = useSetAtom(clearSettingsCacheAtom);
  const [clearing, setClearing] = useState(false);

  async function invalidate() {
    setClearing(true);
    try {
      await clearCache();
      toast(t('tools.invalidated'));
    } catch {
      toast(t('tools.failed'), { tone: 'error' });
    } finally {
      setClearing(false);
    }
  }

  return (
    <>
      <PageHeader title={t('tools.title')} />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>{t('tools.cacheTitle')}</CardTitle>
          <CardDescription>{t('tools.cacheText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button loading={clearing} loadingLabel={t('common.loading')} onClick={() => void invalidate()}>
            {t('tools.invalidate')}
          </Button>
        </CardContent>
      </Card>
    </>
  );
}
