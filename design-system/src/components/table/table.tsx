import type * as React from 'react';
import { cn } from '../../lib/cn';

export type TableProps = React.ComponentProps<'table'> & {
  /** Classes for the scroll container around the table. */
  containerClassName?: string;
};

/** A data table; wide tables scroll sideways inside their container instead of the page. */
export function Table({ className, containerClassName, ...props }: TableProps) {
  return (
    <div data-slot="table-container" className={cn('relative w-full overflow-x-auto', containerClassName)}>
      <table data-slot="table" className={cn('w-full caption-bottom text-foreground text-sm', className)} {...props} />
    </div>
  );
}

export type TableHeaderProps = React.ComponentProps<'thead'>;

/** The header row group. */
export function TableHeader({ className, ...props }: TableHeaderProps) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export type TableBodyProps = React.ComponentProps<'tbody'>;

/** The body row group. */
export function TableBody({ className, ...props }: TableBodyProps) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export type TableFooterProps = React.ComponentProps<'tfoot'>;

/** The footer row group, e.g. totals. */
export function TableFooter({ className, ...props }: TableFooterProps) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  );
}

export type TableRowProps = React.ComponentProps<'tr'>;

/** A row; set `data-state="selected"` to highlight it. */
export function TableRow({ className, ...props }: TableRowProps) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted', className)}
      {...props}
    />
  );
}

export type TableHeadProps = React.ComponentProps<'th'>;

/** A column header cell (`scope="col"` unless given). */
export function TableHead({ className, scope = 'col', ...props }: TableHeadProps) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn('h-10 whitespace-nowrap px-3 text-left align-middle font-medium text-foreground', className)}
      {...props}
    />
  );
}

export type TableCellProps = React.ComponentProps<'td'>;

/** A data cell. */
export function TableCell({ className, ...props }: TableCellProps) {
  return <td data-slot="table-cell" className={cn('whitespace-nowrap px-3 py-2 align-middle', className)} {...props} />;
}

export type TableCaptionProps = React.ComponentProps<'caption'>;

/** The table's title, shown under it and read out as its name. */
export function TableCaption({ className, ...props }: TableCaptionProps) {
  return (
    <caption data-slot="table-caption" className={cn('mt-4 text-muted-foreground text-sm', className)} {...props} />
  );
}
