import type * as React from 'react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { FieldMessage, Input, Label } from '../text-field/text-field';

/** A range of calendar days as `YYYY-MM-DD` strings; an empty string leaves that end open. */
export type DateRange = { from: string; to: string };

export type DateRangeFilterProps = Omit<React.ComponentProps<'fieldset'>, 'onChange' | 'defaultValue'> & {
  /** The range (controlled). */
  value?: DateRange;
  /** The first range (uncontrolled). */
  defaultValue?: DateRange;
  /** Called with the new range when either day changes. */
  onValueChange?: (range: DateRange) => void;
  /** Visible name of the group. */
  legend?: React.ReactNode;
  /** Label of the first day. */
  fromLabel?: string;
  /** Label of the last day (the range includes it). */
  toLabel?: string;
  /** Shown, and announced, when the last day comes before the first. */
  invalidMessage?: string;
};

/** Whether a range's last day comes before its first (an open end never does). */
export function isReversedRange(range: DateRange): boolean {
  return range.from !== '' && range.to !== '' && range.to < range.from;
}

/** Two labelled day inputs for a filter "from … to …", both ends optional and the last day
 * included; a reversed range is marked and explained. */
export function DateRangeFilter({
  value,
  defaultValue = { from: '', to: '' },
  onValueChange,
  legend = 'Date range',
  fromLabel = 'From',
  toLabel = 'To',
  invalidMessage = 'The end date must not be before the start date',
  className,
  ...props
}: DateRangeFilterProps) {
  const id = useId();
  const [own, setOwn] = useState(defaultValue);
  const range = value ?? own;
  const reversed = isReversedRange(range);
  const change = (next: DateRange) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <fieldset data-slot="date-range-filter" className={cn('grid min-w-0 gap-2', className)} {...props}>
      <legend className="mb-2 font-medium text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        <div className="grid min-w-36 flex-1 gap-1.5">
          <Label htmlFor={`${id}-from`} className="font-normal text-muted-foreground">
            {fromLabel}
          </Label>
          <Input
            id={`${id}-from`}
            data-slot="date-range-filter-from"
            type="date"
            value={range.from}
            max={range.to || undefined}
            onChange={(event) => change({ ...range, from: event.target.value })}
          />
        </div>
        <div className="grid min-w-36 flex-1 gap-1.5">
          <Label htmlFor={`${id}-to`} className="font-normal text-muted-foreground">
            {toLabel}
          </Label>
          <Input
            id={`${id}-to`}
            data-slot="date-range-filter-to"
            type="date"
            value={range.to}
            min={range.from || undefined}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-error` : undefined}
            onChange={(event) => change({ ...range, to: event.target.value })}
          />
        </div>
      </div>
      {reversed ? (
        <FieldMessage id={`${id}-error`} tone="error">
          {invalidMessage}
        </FieldMessage>
      ) : null}
    </fieldset>
  );
}
