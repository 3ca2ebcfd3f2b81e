import { ApiError } from '@helios/api';
import { expect, test } from 'vitest';
import {
  backchannelUri,
  filledEntries,
  newEntry,
  problemsAfterEdit,
  saveProblems,
  type UriProblems,
  updateBody,
  uriLists,
  uriProblem,
} from './oidc-client';

const refused = (...msgs: string[]) =>
  new ApiError(
    422,
    'Unprocessable Entity',
    msgs.map((msg) => ({ type: 'validation_error', msg })),
  );

test('an empty list gets one blank line; saved lists keep their order', () => {
  const lists = uriLists({ redirect_uris: ['https://a.test/cb', 'https://b.test/cb'], post_logout_redirect_uris: [] });
  expect(lists.redirect_uris.map((entry) => entry.value)).toEqual(['https://a.test/cb', 'https://b.test/cb']);
  expect(lists.post_logout_redirect_uris.map((entry) => entry.value)).toEqual(['']);
  expect(new Set([...lists.redirect_uris, ...lists.post_logout_redirect_uris].map((entry) => entry.key)).size).toBe(3);
});

test('blank lines are left out and addresses trimmed when saving', () => {
  const lists = {
    redirect_uris: [newEntry(' https://a.test/cb '), newEntry('  '), newEntry('https://b.test/cb')],
    post_logout_redirect_uris: [newEntry('')],
  };
  expect(updateBody(lists)).toEqual({
    redirect_uris: ['https://a.test/cb', 'https://b.test/cb'],
    post_logout_redirect_uris: [],
    backchannel_logout_uri: null,
  });
  expect(filledEntries(lists.redirect_uris).map((entry) => entry.key)).toEqual([
    lists.redirect_uris[0]?.key,
    lists.redirect_uris[2]?.key,
  ]);
});

test('a refused address is explained by what is wrong with it', () => {
  expect(uriProblem('acme.test/callback')).toBe('notAbsolute');
  expect(uriProblem('http://acme.test/callback')).toBe('notHttps');
  expect(uriProblem('ftp://acme.test/callback')).toBe('notHttps');
  expect(uriProblem('https://acme.test/callback#done')).toBe('fragment');
  expect(uriProblem('http://localhost:3000/callback#x')).toBe('fragment');
  // http on a loopback host is allowed, so a refusal there is for a reason the console does not know.
  expect(uriProblem('http://127.0.0.1:8080/callback')).toBe('notAccepted');
  expect(uriProblem('http://[::1]/callback')).toBe('notAccepted');
  expect(uriProblem('https://acme.test/callback')).toBe('notAccepted');
});

test('the server’s problems land on the lines it numbered, counting only the lines sent', () => {
  const lists = {
    redirect_uris: [newEntry('https://a.test/cb'), newEntry(''), newEntry('http://b.test/cb')],
    post_logout_redirect_uris: [newEntry('https://a.test/bye#x')],
  };
  const problems = saveProblems(
    refused(
      'body.redirect_uris.1: Must be https:// (http:// only on localhost) and have no #fragment',
      'body.post_logout_redirect_uris.0: Must be https:// (http:// only on localhost) and have no #fragment',
    ),
    lists,
  );
  expect(problems).toEqual({
    lines: {
      [lists.redirect_uris[2]?.key ?? -1]: 'notHttps',
      [lists.post_logout_redirect_uris[0]?.key ?? -1]: 'fragment',
    },
    lists: [],
  });
});

test('a problem with a whole list, or one without a known place, is kept apart', () => {
  const lists = { redirect_uris: [newEntry('')], post_logout_redirect_uris: [] };
  expect(saveProblems(refused('body.redirect_uris: At least one redirect URI'), lists)).toEqual({
    lines: {},
    lists: ['redirect_uris'],
  });
  // Still a refusal, with nothing to mark.
  expect(saveProblems(refused('body: Invalid input', 'body.redirect_uris.7: out of range'), lists)).toEqual({
    lines: {},
    lists: [],
  });
});

test('only a 422 is a refusal; other failures have no problems to show', () => {
  const lists = uriLists({ redirect_uris: ['https://a.test/cb'], post_logout_redirect_uris: [] });
  expect(saveProblems(new ApiError(500, 'Internal Server Error', []), lists)).toBeUndefined();
  expect(saveProblems(new ApiError(0, 'Network error', []), lists)).toBeUndefined();
  expect(saveProblems(new Error('boom'), lists)).toBeUndefined();
});

test('editing or removing a refused line clears its error; other lines keep theirs', () => {
  const first = newEntry('http://a.test/cb');
  const second = newEntry('http://b.test/cb');
  const third = newEntry('x');
  const other = newEntry('https://c.test/bye#x');
  const problems = {
    lines: { [first.key]: 'notHttps', [second.key]: 'notHttps', [third.key]: 'notAbsolute', [other.key]: 'fragment' },
    lists: ['redirect_uris', 'post_logout_redirect_uris'],
  } satisfies UriProblems;
  const after = problemsAfterEdit(
    problems,
    'redirect_uris',
    [first, second, third],
    [{ ...first, value: 'https://a.test/cb' }, second],
  );
  expect(after).toEqual({
    lines: { [second.key]: 'notHttps', [other.key]: 'fragment' },
    lists: ['post_logout_redirect_uris'],
  });
});

test('the back-channel logout URI is sent trimmed, blank as none, and shown as typed', () => {
  const lists = { redirect_uris: [newEntry('https://a.test/cb')], post_logout_redirect_uris: [] };
  expect(updateBody(lists, '  https://a.test/backchannel  ').backchannel_logout_uri).toBe('https://a.test/backchannel');
  expect(updateBody(lists, '   ').backchannel_logout_uri).toBeNull();
  expect(backchannelUri({ backchannel_logout_uri: null })).toBe('');
  expect(backchannelUri({ backchannel_logout_uri: 'https://a.test/backchannel' })).toBe('https://a.test/backchannel');
});

test('a refused back-channel logout URI is explained on its own field and kept through list edits', () => {
  const lists = { redirect_uris: [newEntry('https://a.test/cb')], post_logout_redirect_uris: [] };
  const problems = saveProblems(
    refused('body.backchannel_logout_uri: Must be https:// (http:// only on localhost) and have no #fragment'),
    lists,
    ' https://a.test/logout#x ',
  ) as UriProblems;
  expect(problems).toEqual({ lines: {}, lists: [], backchannel: 'fragment' });
  expect(problemsAfterEdit(problems, 'redirect_uris', lists.redirect_uris, []).backchannel).toBe('fragment');
});
