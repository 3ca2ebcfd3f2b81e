import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
} from '@helios/design-system';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { pick } from '../lib/locale';

const meta = {
  title: 'Design system/Table',
  tags: ['autodocs'],
  component: Table,
  decorators: [(Story) => <div className="w-[36rem]">{Story()}</div>],
} satisfies Meta<typeof Table>;

export default meta;
type Story = StoryObj<typeof meta>;

const INVOICE = [
  { name: 'Acme Recruiting', users: 1, sms: true },
  { name: 'Borealis AB', users: 4, sms: false },
  { name: 'Cobalt Group', users: 12, sms: true },
];
const amount = (users: number) => 2850 + (users - 1) * 275;

export const DataTable: Story = {
  render: (_args, { globals }) => {
    const words = pick(globals, {
      en: {
        caption: 'Invoice per tenant',
        tenant: 'Tenant',
        users: 'Users',
        sms: 'SMS',
        amount: 'Amount',
        total: 'Total',
        yes: 'Yes',
        no: 'No',
      },
      sv: {
        caption: 'Fakturaunderlag per instans',
        tenant: 'Instans',
        users: 'Användare',
        sms: 'SMS',
        amount: 'Belopp',
        total: 'Totalt',
        yes: 'Ja',
        no: 'Nej',
      },
    });
    return (
      <Table>
        <TableCaption>{words.caption}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{words.tenant}</TableHead>
            <TableHead className="text-right">{words.users}</TableHead>
            <TableHead>{words.sms}</TableHead>
            <TableHead className="text-right">{words.amount}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {INVOICE.map((row) => (
            <TableRow key={row.name}>
              <TableCell>{row.name}</TableCell>
              <TableCell className="text-right">{row.users}</TableCell>
              <TableCell>{row.sms ? words.yes : words.no}</TableCell>
              <TableCell className="text-right tabular-nums">{amount(row.users)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3}>{words.total}</TableCell>
            <TableCell className="text-right tabular-nums">
              {INVOICE.reduce((sum, row) => sum + amount(row.users), 0)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Invoice per tenant' });
    const headers = within(table).getAllByRole('columnheader');
    await expect(headers.map((th) => th.getAttribute('scope'))).toEqual(['col', 'col', 'col', 'col']);
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    await expect(within(table).getByText('5875')).toBeVisible();
    // Wide tables scroll inside their own container.
    await expect(table.parentElement).toHaveAttribute('data-slot', 'table-container');
  },
};
