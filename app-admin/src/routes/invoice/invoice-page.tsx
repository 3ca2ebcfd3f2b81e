import {
  EmptyState,
  LoadStatus,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@helios/design-system';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { invoiceAtom, loadInvoiceAtom } from '../../atoms/invoice';
import { PageHeader } from '../../components/page';
import { type TextKey, useT } from '../../i18n';
import { hasAddon, INVOICE_ADDONS, type InvoiceAddon, invoiceTotals } from '../../lib/invoice';

const addonLabels: Record<InvoiceAddon, TextKey> = {
  system_sms: 'invoice.sms',
  system_cronofy: 'invoice.calendarSync',
  alva: 'invoice.alva',
  refapp: 'invoice.refapp',
  sri: 'invoice.sri',
  sri_ref: 'invoice.sriRef',
  evali: 'invoice.evali',
};

/** Invoicing (/admin/invoice): one row per tenant with its add-ons and amount, and totals. */
export function InvoicePage() {
  const { t, i18n } = useT();
  const invoice = useAtomValue(invoiceAtom);
  const load = useSetAtom(loadInvoiceAtom);

  useEffect(() => {
    void load();
  }, [load]);

  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage === 'sv' ? 'sv-SE' : 'en-GB');
  const totals = invoiceTotals(invoice.items);
  const mark = (included: boolean) => (
    <>
      <span aria-hidden="true">{included ? '✓' : '–'}</span>
      <span className="sr-only">{included ? t('invoice.included') : t('invoice.notIncluded')}</span>
    </>
  );

  return (
    <>
      <PageHeader title={t('invoice.title')} description={t('invoice.description')} />
      <LoadStatus
        status={invoice.status}
        loadingLabel={t('common.loading')}
        failedMessage={t('invoice.failed')}
        onRetry={() => void load()}
        retryLabel={t('common.tryAgain')}
      >
        {invoice.items.length === 0 ? (
          <EmptyState title={t('invoice.none')} />
        ) : (
          <Table>
            <TableCaption>{t('invoice.caption')}</TableCaption>
            <TableHeader>
              <TableRow>
                <TableHead>{t('invoice.tenant')}</TableHead>
                <TableHead className="text-right">{t('invoice.users')}</TableHead>
                {INVOICE_ADDONS.map((addon) => (
                  <TableHead key={addon} className="text-center">
                    {t(addonLabels[addon])}
                  </TableHead>
                ))}
                <TableHead className="text-right">{t('invoice.amount')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {invoice.items.map((row) => (
                <TableRow key={row.tenant_id}>
                  <TableHead scope="row" className="font-medium">
                    {row.name}
                  </TableHead>
                  <TableCell className="text-right tabular-nums">{numbers.format(row.user_count)}</TableCell>
                  {INVOICE_ADDONS.map((addon) => (
                    <TableCell key={addon} className="text-center">
                      {mark(hasAddon(row, addon))}
                    </TableCell>
                  ))}
                  <TableCell className="text-right tabular-nums">{numbers.format(row.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableHead scope="row">
                  {t('invoice.total')}{' '}
                  <span className="font-normal text-muted-foreground">
                    ({t('invoice.tenantCount', { count: totals.tenants })})
                  </span>
                </TableHead>
                <TableCell className="text-right tabular-nums">{numbers.format(totals.users)}</TableCell>
                {INVOICE_ADDONS.map((addon) => (
                  <TableCell key={addon} className="text-center tabular-nums">
                    {numbers.format(totals.addons[addon])}
                  </TableCell>
                ))}
                <TableCell className="text-right tabular-nums" data-testid="invoice-total">
                  {numbers.format(totals.amount)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        )}
      </LoadStatus>
    </>
  );
}
