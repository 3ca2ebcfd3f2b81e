import type { Token } from '@helios/api';
import {
  buttonVariants,
  EmptyState,
  LoadStatus,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { loadTokensAtom, tokensAtom } from '../../atoms/tokens';
import { PageHeader } from '../../components/page';
import { type Translate, useT } from '../../i18n';
import { durationParts } from '../../lib/duration';

export function remainingText(t: Translate, token: Pick<Token, 'ttl'>): string {
  const parts = durationParts(token.ttl);
  if (parts.length === 0) return t('tokens.expired');
  return parts.map((part) => t(`duration.${part.unit}`, { count: part.count })).join(' ');
}

/** Tokens of one account (/admin/tokens/:email/:accountId): key and time left. */
export function TokensPage() {
  const { t } = useT();
  const { email = '', accountId = '' } = useParams();
  const tokens = useAtomValue(tokensAtom);
  const load = useSetAtom(loadTokensAtom);

  useEffect(() => {
    void load(accountId);
  }, [accountId, load]);

  const status = tokens.accountId === accountId ? tokens.status : 'loading';

  return (
    <>
      <PageHeader
        title={t('tokens.title')}
        description={t('tokens.of', { email })}
        actions={
          <Link to="/accounts" className={buttonVariants({ variant: 'outline' })}>
            {t('tokens.back')}
          </Link>
        }
      />
      <LoadStatus
        status={status}
        loadingLabel={t('common.loading')}
        failedMessage={t('tokens.failed')}
        onRetry={() => void load(accountId)}
        retryLabel={t('common.tryAgain')}
      >
        {tokens.items.length === 0 ? (
          <EmptyState title={t('tokens.none')} />
        ) : (
          <Table>
            <TableCaption>{t('tokens.caption', { email })}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('tokens.key')}</TableHead>
                <TableHead className="text-right">{t('tokens.expiresIn')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tokens.items.map((token) => (
                <TableRow key={token.key}>
                  <TableCell className="whitespace-normal font-mono text-xs [overflow-wrap:anywhere]">
                    {token.key}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{remainingText(t, token)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </LoadStatus>
    </>
  );
}
