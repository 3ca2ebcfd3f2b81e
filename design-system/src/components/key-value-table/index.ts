export type { KeyValueRow, KeyValueTableProps } from './key-value-table';
export { KeyValueTable } from './key-value-table';
