import { ErrorCode, routes } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import { factsOf } from '../accounts/repository';
import type { Context } from '../context';
import { registerSession } from '../http/auth';
import { errors, HttpError } from '../http/errors';
import { register } from '../http/routes';
import { loginFlow } from '../login/flow';
import { accountLocked } from '../login/lock';
import { adoptPasskeyLogin, createLoginSession, PASSKEY_LOGIN_COOKIE, returnQueryOf } from '../login/login-session';
import { stateAfterPasskey } from '../login/machine';
import { limit, rateRules } from '../security/rate-limit';
// Creating a passkey adds a way to sign in: from the profile it needs a recent sign-in (step-up).
import { STEP_UP } from '../session/step-up';
import {
  findPasskeyOwner,
  passkeyChallenges,
  passkeyRequestOptions,
  passkeysOf,
  renamePasskey,
  verifyPasskeyAnswer,
} from './passkeys';
import { PASSKEY, registrationOptions, saveNewKey } from './registration';
import { challenges, LOGIN_CHALLENGE_MS, webauthnErrors } from './relying-party';

const passkeyNotFound = () => new HttpError(404, ErrorCode.credentialNotFound, 'No such passkey');

/** Passkeys: sign-in with no email (both factors), creation from the profile and from the offer
 * after a code sign-in, listing and renaming. Removal is `deleteCredential`, like every other
 * sign-in method (it ends the account's other sessions). */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: Context) {
  const { step, advance, refuse } = loginFlow(ctx);

  register(app, routes.passkeyLoginOptions, async ({ query }, request, reply) => {
    await limit(ctx, request, rateRules.start);
    // A login of its own, bound to this browser by the passkey login cookie: the answer must come
    // back from the browser that asked, and the challenge dies with its first use. A login the
    // person started with an email (this tab or another) keeps its cookie and goes on.
    const session = await createLoginSession(ctx, reply, '', null, 'Start', returnQueryOf(query), PASSKEY_LOGIN_COOKIE);
    // The browser's request lasts as long as its challenge; the page asks anew before then.
    const options = await passkeyRequestOptions(ctx, [], { timeout: LOGIN_CHALLENGE_MS });
    await challenges.forLogin(ctx, session.id, options.challenge);
    return { session_id: session.id, options };
  });

  register(app, routes.verifyPasskey, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'verify-passkey', null, async (session) => {
      const challenge = await challenges.takeForLogin(ctx, session.id);
      if (!challenge) throw webauthnErrors.noPending();
      const owner = await findPasskeyOwner(ctx.db, body.response.id);
      if (!owner) throw webauthnErrors.loginFailed();
      const { account, creds } = owner;
      // A locked account answers the same whether or not the passkey would have been accepted.
      if (await accountLocked(ctx, request, account)) throw errors.accountLocked();
      const outcome = await verifyPasskeyAnswer(ctx, owner, body.response, challenge);
      if (outcome === 'cloned')
        throw await refuse(request, account, 'login.passkey_counter_regressed', webauthnErrors.loginFailed);
      if (outcome === 'refused')
        throw await refuse(request, account, 'login.passkey_failed', webauthnErrors.loginFailed);
      const signedIn = { ...session, accountId: account.id, email: account.email, via: 'passkey' as const };
      const state = stateAfterPasskey(factsOf(account, creds));
      const answer = await advance(request, reply, signedIn, account, state, creds);
      adoptPasskeyLogin(ctx, request, reply, state === 'Done');
      return answer;
    });
  });

  register(app, routes.loginPasskeyRegisterOptions, async ({ body }, request) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'create-passkey', null, async (session, account) => {
      if (!account) throw errors.invalidState();
      const options = await registrationOptions(ctx, account, PASSKEY);
      await passkeyChallenges.forRegistration(ctx, session.id, options.challenge);
      return options;
    });
  });

  register(app, routes.createPasskey, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'create-passkey', null, async (session, account) => {
      if (!account) throw errors.invalidState();
      await saveNewKey(ctx, {
        request,
        account,
        kind: PASSKEY,
        challenge: await passkeyChallenges.takeForRegistration(ctx, session.id),
        name: body.name,
        response: body.response,
        failed: webauthnErrors.loginFailed,
      });
      return advance(request, reply, session, account, 'Done');
    });
  });

  registerSession(app, ctx, routes.passkeys, async (_, { account }) => ({
    passkeys: await passkeysOf(ctx.db, account.id),
  }));

  registerSession(
    app,
    ctx,
    routes.passkeyRegisterOptions,
    async (_, { account, request }) => {
      await limit(ctx, request, rateRules.verify, `passkey:${account.id}`);
      const options = await registrationOptions(ctx, account, PASSKEY);
      await passkeyChallenges.forRegistration(ctx, account.id, options.challenge);
      return options;
    },
    STEP_UP,
  );

  registerSession(
    app,
    ctx,
    routes.passkeyRegister,
    async ({ body }, { account, request }) => {
      await limit(ctx, request, rateRules.verify, `passkey:${account.id}`);
      await saveNewKey(ctx, {
        request,
        account,
        kind: PASSKEY,
        challenge: await passkeyChallenges.takeForRegistration(ctx, account.id),
        name: body.name,
        response: body.response,
        failed: webauthnErrors.registrationFailed,
      });
      return { passkeys: await passkeysOf(ctx.db, account.id) };
    },
    STEP_UP,
  );

  registerSession(app, ctx, routes.renamePasskey, async ({ params, body }, { account, request }) => {
    const renamed = await renamePasskey(ctx.db, account.id, params.id, body.name, {
      actor: account.id,
      action: 'credential.passkey_renamed',
      targetType: 'credential',
      targetId: params.id,
      ip: request.ip,
    });
    if (!renamed) throw passkeyNotFound();
    await ctx.accountViews.changed(account.id);
    return { passkeys: await passkeysOf(ctx.db, account.id) };
  });
}
