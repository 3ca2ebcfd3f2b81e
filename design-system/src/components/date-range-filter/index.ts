export type { DateRange, DateRangeFilterProps } from './date-range-filter';
export { DateRangeFilter, isReversedRange } from './date-range-filter';
