import { InteractionParams } from '@helios/api';

/** The identity provider's interaction this sign-in answers, when an instance sent the person here
 * (`?interaction=<uid>`); a malformed id is ignored rather than sent on. */
export function interactionOf(params: URLSearchParams): string | null {
  const uid = params.get('interaction');
  return uid !== null && InteractionParams.safeParse({ uid }).success ? uid : null;
}
