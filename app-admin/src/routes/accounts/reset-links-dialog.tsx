import {
  Badge,
  Button,
  CopyButton,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  LoadStatus,
  TextField,
  useToast,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { clearResetLinksAtom, loadResetLinksAtom, resetLinksAtom } from '../../atoms/accounts';
import { useT } from '../../i18n';
import { filterResetLinks } from '../../lib/reset-links';

/** The active password-reset links, sorted by email, with a filter and a copy button each. */
export function ResetLinksDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useToast();
  const links = useAtomValue(resetLinksAtom);
  const load = useSetAtom(loadResetLinksAtom);
  const clear = useSetAtom(clearResetLinksAtom);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  function close() {
    setFilter('');
    clear();
    onClose();
  }

  const shown = filterResetLinks(links.items, filter);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <DialogContent showCloseButton={false} className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('resetLinks.title')}</DialogTitle>
          <DialogDescription>{t('resetLinks.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          <TextField
            type="search"
            label={t('resetLinks.filter')}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            disabled={links.status !== 'idle'}
          />
          <LoadStatus
            status={links.status}
            loadingLabel={t('common.loading')}
            failedMessage={t('resetLinks.failed')}
            onRetry={() => void load()}
            retryLabel={t('common.tryAgain')}
          >
            {links.items.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t('resetLinks.none')}</p>
            ) : shown.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t('resetLinks.noMatch', { term: filter.trim() })}</p>
            ) : (
              <>
                <p className="flex items-center gap-2 text-muted-foreground text-sm">
                  {t('resetLinks.count')}
                  <Badge count={links.items.length} title={String(links.items.length)} />
                </p>
                <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label={t('resetLinks.title')}>
                  {shown.map((link) => (
                    <li key={`${link.email} ${link.link}`} className="flex items-center gap-3 rounded-md border p-2">
                      <div className="grid min-w-0 flex-1">
                        <span className="truncate font-medium text-sm">{link.email}</span>
                        <span className="truncate font-mono text-muted-foreground text-xs">{link.link}</span>
                      </div>
                      <CopyButton
                        value={link.link}
                        size="sm"
                        label={t('resetLinks.copy')}
                        copiedLabel={t('resetLinks.copied')}
                        aria-label={t('resetLinks.copyFor', { email: link.email })}
                        onCopied={() => toast(t('resetLinks.copiedToast'))}
                        onCopyError={() => toast(t('resetLinks.copyFailed'), { tone: 'error' })}
                      />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </LoadStatus>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
