export type { SearchBoxProps } from './search-box';
export { SearchBox } from './search-box';
