import { ApiError, ErrorCode, type OidcClientView, type UpdateOidcClient } from '@helios/api';

/** The contract's limit on each list of addresses. */
export const MAX_URIS = 20;

export type UriListName = 'redirect_uris' | 'post_logout_redirect_uris';
export const URI_LISTS: readonly UriListName[] = ['redirect_uris', 'post_logout_redirect_uris'];

/** One editable line of a list. `key` keeps a line's identity (its input and its error) while
 * other lines are added and removed. */
export type UriEntry = { key: number; value: string };
export type UriLists = Record<UriListName, UriEntry[]>;

let lastKey = 0;

export function newEntry(value = ''): UriEntry {
  lastKey += 1;
  return { key: lastKey, value };
}

/** The editable lists of a client. An empty list gets one blank line to type into; blank lines
 * are left out when saving, so it costs nothing. */
export function uriLists(client: Pick<OidcClientView, UriListName>): UriLists {
  const entries = (uris: string[]) => (uris.length > 0 ? uris.map((uri) => newEntry(uri)) : [newEntry()]);
  return {
    redirect_uris: entries(client.redirect_uris),
    post_logout_redirect_uris: entries(client.post_logout_redirect_uris),
  };
}

/** The lines that will be sent, trimmed, blank ones left out, in the order the server numbers them. */
export function filledEntries(entries: UriEntry[]): UriEntry[] {
  return entries.map((entry) => ({ ...entry, value: entry.value.trim() })).filter((entry) => entry.value !== '');
}

/** The back-channel logout URI as typed: blank means the instance takes no logout tokens. */
export function backchannelUri(client: Pick<OidcClientView, 'backchannel_logout_uri'>): string {
  return client.backchannel_logout_uri ?? '';
}

export function updateBody(lists: UriLists, backchannel = ''): UpdateOidcClient {
  const values = (name: UriListName) => filledEntries(lists[name]).map((entry) => entry.value);
  return {
    redirect_uris: values('redirect_uris'),
    post_logout_redirect_uris: values('post_logout_redirect_uris'),
    backchannel_logout_uri: backchannel.trim() || null,
  };
}

/** Why an address was refused, in terms the console can translate. The server decides; this
 * only picks the words, so an address it refuses for a reason not listed here is
 * `notAccepted`. */
export type UriProblem = 'notAbsolute' | 'notHttps' | 'fragment' | 'notAccepted';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function uriProblem(value: string): UriProblem {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'notAbsolute';
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (!secure) return 'notHttps';
  if (value.includes('#')) return 'fragment';
  return 'notAccepted';
}

/** What a refused save says, placed where the admin can fix it. A refusal the console cannot
 * place on a field is still a refusal, with nothing marked. */
export type UriProblems = {
  /** Refused lines, by entry key. */
  lines: Record<number, UriProblem>;
  /** Lists refused as a whole: none given, or too many. */
  lists: UriListName[];
  /** The back-channel logout URI, when refused. */
  backchannel?: UriProblem;
};

/** `body.redirect_uris.2: …` — the server names each refused value by its path in the body. */
const PROBLEM_PATH = /^body\.(redirect_uris|post_logout_redirect_uris)(?:\.(\d+))?:/;
const BACKCHANNEL_PROBLEM = /^body\.backchannel_logout_uri:/;

/** The problems of a 422 answer to a save of `lists` (and `backchannel`), or undefined for any
 * other failure (the save just failed). */
export function saveProblems(error: unknown, lists: UriLists, backchannel = ''): UriProblems | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const problems: UriProblems = { lines: {}, lists: [] };
  for (const detail of error.detail) {
    if (detail.type === ErrorCode.validation && BACKCHANNEL_PROBLEM.test(detail.msg)) {
      problems.backchannel = uriProblem(backchannel.trim());
      continue;
    }
    const match = detail.type === ErrorCode.validation ? PROBLEM_PATH.exec(detail.msg) : null;
    const list = match?.[1] as UriListName | undefined;
    const index = match?.[2];
    const entry = list && index !== undefined ? filledEntries(lists[list])[Number(index)] : undefined;
    if (entry) problems.lines[entry.key] = uriProblem(entry.value);
    else if (list && index === undefined && !problems.lists.includes(list)) problems.lists.push(list);
  }
  return problems;
}

/** The problems still standing after the admin edited one list: an edited or removed line's
 * error, and the list's own error, no longer describe what is there. */
export function problemsAfterEdit(
  problems: UriProblems,
  name: UriListName,
  before: UriEntry[],
  after: UriEntry[],
): UriProblems {
  const edited = new Set(
    before
      .filter((entry) => after.find((other) => other.key === entry.key)?.value !== entry.value)
      .map((entry) => entry.key),
  );
  return {
    ...problems,
    lines: Object.fromEntries(Object.entries(problems.lines).filter(([key]) => !edited.has(Number(key)))),
    lists: problems.lists.filter((list) => list !== name),
  };
}
