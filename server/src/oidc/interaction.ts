import { ErrorCode, routes } from '@helios/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { type InteractionResults, errors as providerErrors } from 'oidc-provider';
import type { Context } from '../context';
import { signedIn } from '../http/auth';
import { HttpError } from '../http/errors';
import { register } from '../http/routes';
import { sendPage } from '../http/security';
import { mayUseClient } from './clients';
import { grantWithScopes } from './grants';
import { interactionMissingPage } from './pages';
import { epochSeconds, interactionBegan, signedInAt } from './sign-in';

/** Authorization parameters the login page does not pass on: after the sign-in it leads to,
 * the sign-in is fresh, which is all `prompt=login` and `max_age` ask for. */
function withoutFreshnessDemands(name: string, value: string): string | null {
  if (name === 'max_age') return null;
  if (name === 'prompt')
    return (
      value
        .split(' ')
        .filter((prompt) => prompt && prompt !== 'login')
        .join(' ') || null
    );
  return value;
}

/**
 * The login page's address for an authorization request: its parameters, so the page can send
 * the person back to /oauth2/authorize once signed in, plus what the page understands itself —
 * `email` from an email-shaped `login_hint`, `lang` from the first Swedish or English
 * `ui_locales` entry — and `extra`.
 */
export function loginAddress(params: Record<string, unknown>, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string' || value === '') continue;
    const kept = withoutFreshnessDemands(name, value);
    if (kept !== null) query.set(name, kept);
  }
  if (typeof params.login_hint === 'string' && params.login_hint.includes('@')) query.set('email', params.login_hint);
  const lang = String(params.ui_locales ?? '')
    .split(' ')
    .map((tag) => tag.split('-')[0]?.toLowerCase())
    .find((tag) => tag === 'sv' || tag === 'en');
  if (lang) query.set('lang', lang);
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return `/login?${query.toString()}`;
}

/**
 * Whether a portal sign-in (at `signedIn`, ms) meets an authorization request: one made after the
 * interaction began always does; otherwise `prompt=login` needs a new one and `max_age` one
 * recent enough.
 */
export function freshEnough(params: Record<string, unknown>, signedIn: number, began: number, now: number): boolean {
  if (signedIn > began) return true;
  if (
    String(params.prompt ?? '')
      .split(' ')
      .includes('login')
  )
    return false;
  if (params.max_age === undefined) return true;
  return now - signedIn <= Number(params.max_age) * 1000;
}

/** Clears the sign-in of the provider session an interaction started from, when the portal is
 * now signed in as someone else: the provider then takes the new account as a first sign-in
 * instead of sending the browser through a sign-out of the old one. */
async function forgetProviderSignIn(provider: Provider, sessionUid: string) {
  const session = await provider.Session.findByUid(sessionUid);
  if (!session) return;
  session.accountId = undefined;
  session.loginTs = undefined;
  session.amr = undefined;
  session.acr = undefined;
  session.authorizations = undefined;
  await session.persist();
}

function interactionMissing(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if ((request.headers.accept ?? '').includes('text/html'))
    return sendPage(reply, 400, interactionMissingPage(), secure);
  throw new HttpError(400, ErrorCode.interactionMissing, 'The sign-in request is unknown or has expired');
}

/**
 * GET /oauth2/interaction/:uid — the provider asks Helios to sign someone in. A good enough
 * portal session finishes the interaction at once (first-party clients are never asked for
 * consent), for an account allowed to use the client; anyone else is sent to the login page.
 */
export function registerInteractionRoute(app: FastifyInstance, ctx: Context, providerOf: () => Provider) {
  register(app, routes.interaction, async ({ params }, request, reply) => {
    const provider = providerOf();
    const interaction = await provider.interactionDetails(request.raw, reply.raw).catch((error: unknown) => {
      if (error instanceof providerErrors.SessionNotFound) return null;
      throw error;
    });
    if (!interaction || interaction.uid !== params.uid) return interactionMissing(request, reply, ctx.config.secure);

    const found = await signedIn(ctx, request);
    if (!found) return reply.redirect(loginAddress(interaction.params), 303);
    const { session, account } = found;

    const began = (await interactionBegan(ctx, interaction.uid)) ?? interaction.iat * 1000;
    if (!freshEnough(interaction.params, signedInAt(session), began, ctx.now().getTime())) {
      const refresh = { interaction: interaction.uid, mode: 'refresh', email: account.email };
      return reply.redirect(loginAddress(interaction.params, refresh), 303);
    }

    const clientId = String(interaction.params.client_id);
    let result: InteractionResults;
    if (await mayUseClient(ctx, account.id, clientId)) {
      const grant = await grantWithScopes(provider, interaction.grantId, account.id, clientId, interaction.params);
      result = {
        login: {
          accountId: account.id,
          ts: epochSeconds(signedInAt(session)),
          amr: session.amr,
          remember: session.persistent,
        },
        consent: { grantId: grant.jti },
      };
    } else {
      result = { error: 'access_denied', error_description: 'This account may not sign in to this application' };
    }
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    const previous = interaction.session;
    if (result.login && previous?.uid && previous.accountId !== account.id)
      await forgetProviderSignIn(provider, previous.uid);
    return reply.redirect(returnTo, 303);
  });
}
