import type { LoadState } from '@helios/design-system';

/** A list the console loads: where the load stands and what it gave. `request` numbers the
 * loads, so an answer that arrives after a newer request was made is dropped. */
export type Loaded<T> = { status: LoadState; items: T[]; request: number };

export function emptyLoaded<T>(): Loaded<T> {
  return { status: 'idle', items: [], request: 0 };
}

/** A searched list: the term searched for and whether a search has run (for "No results"). */
export type Searched<T> = Loaded<T> & { term: string; searched: boolean };

export function emptySearched<T>(): Searched<T> {
  return { ...emptyLoaded<T>(), term: '', searched: false };
}
