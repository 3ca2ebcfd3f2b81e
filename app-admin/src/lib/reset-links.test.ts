import { expect, test } from 'vitest';
import { filterResetLinks, sortResetLinks } from './reset-links';

const link = (email: string) => ({ email, link: `https://helios.test/login/set-password/${email}` });

test('sorts by email, ignoring case', () => {
  const sorted = sortResetLinks([link('carl@x.se'), link('Anna@x.se'), link('bo@x.se')]);
  expect(sorted.map((l) => l.email)).toEqual(['Anna@x.se', 'bo@x.se', 'carl@x.se']);
});

test('does not change the given list', () => {
  const links = [link('b@x.se'), link('a@x.se')];
  sortResetLinks(links);
  expect(links.map((l) => l.email)).toEqual(['b@x.se', 'a@x.se']);
});

test('filters on a part of the email, ignoring case and spaces around it', () => {
  const links = [link('anna@acme.se'), link('bo@globex.se')];
  expect(filterResetLinks(links, ' ACME ').map((l) => l.email)).toEqual(['anna@acme.se']);
  expect(filterResetLinks(links, '')).toHaveLength(2);
  expect(filterResetLinks(links, 'nobody')).toEqual([]);
});
