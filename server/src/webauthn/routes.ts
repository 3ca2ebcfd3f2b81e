import { type AuthenticationResponse, routes } from '@helios/api';
import type { VerifiedAuthenticationResponse } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type CredentialRow, credentialsOf, userInfo } from '../accounts/repository';
import type { Context } from '../context';
import { registerSession } from '../http/auth';
import { errors } from '../http/errors';
import { register } from '../http/routes';
import { loginFlow } from '../login/flow';
import { accountLocked } from '../login/lock';
import { issueFirstRecoveryCodes, recoveryCodesIssued } from '../recovery/repository';
import { limit, rateRules } from '../security/rate-limit';
// Registering a security key adds a way to sign in: it needs a recent sign-in (step-up).
import { STEP_UP } from '../session/step-up';
import { descriptorOf, recordKeyUse, securityKeysOf, webauthnCredentialOf } from './keys';
import { registrationOptions, SECURITY_KEY, saveNewKey } from './registration';
import { assertionOf, challenges, relyingParty, webauthn, webauthnErrors } from './relying-party';

/** A single-use challenge for the given keys of an account (sign-in, re-authentication). */
export async function authenticationOptions(ctx: Context, keys: CredentialRow[], challenge?: Uint8Array) {
  return (await webauthn()).generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    allowCredentials: keys.map(descriptorOf),
    userVerification: 'preferred',
    ...(challenge ? { challenge: new Uint8Array(challenge) } : {}),
  });
}

/** Whether an answer to `challenge` was signed by one of the account's own keys (a key registered
 * to anyone else is as good as an unknown one); the key's use is recorded when it was. */
export async function verifyKeyAnswer(
  ctx: Context,
  creds: CredentialRow[],
  response: z.output<typeof AuthenticationResponse>,
  challenge: string,
): Promise<boolean> {
  const key = securityKeysOf(creds).find((c) => c.subject === response.id);
  if (!key) return false;
  const rp = relyingParty(ctx);
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await (await webauthn()).verifyAuthenticationResponse({
      response: assertionOf(response),
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: webauthnCredentialOf(key),
      requireUserVerification: false,
    });
  } catch {
    return false;
  }
  return (
    verification.verified &&
    (await recordKeyUse(
      ctx,
      key,
      verification.authenticationInfo.newCounter,
      verification.authenticationInfo.credentialBackedUp,
    ))
  );
}

/** Security keys: registration from the profile and use as the second factor. */
export function registerWebauthnRoutes(app: FastifyInstance, ctx: Context) {
  const { step, refuse, passSecondFactor } = loginFlow(ctx);

  registerSession(
    app,
    ctx,
    routes.webauthnRegisterOptions,
    async (_, { account, request }) => {
      await limit(ctx, request, rateRules.verify, `webauthn:${account.id}`);
      const options = await registrationOptions(ctx, account, SECURITY_KEY);
      await challenges.forRegistration(ctx, account.id, options.challenge);
      return options;
    },
    STEP_UP,
  );

  registerSession(
    app,
    ctx,
    routes.webauthnRegister,
    async ({ body }, { account, request }) => {
      await limit(ctx, request, rateRules.verify, `webauthn:${account.id}`);
      // An account without recovery codes (its first second factor) gets them with the key.
      let issued: string[] | null = null;
      await saveNewKey(ctx, {
        request,
        account,
        kind: SECURITY_KEY,
        challenge: await challenges.takeForRegistration(ctx, account.id),
        name: body.name,
        response: body.response,
        failed: webauthnErrors.registrationFailed,
        alongside: async (tx) => {
          issued = await issueFirstRecoveryCodes(ctx, tx, account.id, recoveryCodesIssued(account.id, request.ip));
        },
      });
      const user = userInfo(account, await credentialsOf(ctx.db, account.id));
      return issued ? { ...user, recovery_codes: issued } : user;
    },
    STEP_UP,
  );

  register(app, routes.webauthnLoginOptions, async ({ body }, request) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'verify-webauthn', null, async (session, account) => {
      if (!account || !session.via) throw errors.invalidState();
      const keys = securityKeysOf(await credentialsOf(ctx.db, account.id));
      // An account without keys has nothing to answer with: the step does not fit this login.
      if (keys.length === 0) throw errors.invalidState();
      const options = await authenticationOptions(ctx, keys);
      await challenges.forLogin(ctx, session.id, options.challenge);
      return options;
    });
  });

  register(app, routes.verifyWebauthn, async ({ body }, request, reply) => {
    await limit(ctx, request, rateRules.verify);
    return step(request, body.session_id, 'verify-webauthn', null, async (session, account) => {
      if (!account || !session.via) throw errors.invalidState();
      // A locked account answers the same whether or not the key would have been accepted.
      if (await accountLocked(ctx, request, account)) throw errors.accountLocked();
      const challenge = await challenges.takeForLogin(ctx, session.id);
      if (!challenge) throw webauthnErrors.noPending();
      const creds = await credentialsOf(ctx.db, account.id);
      const accepted = await verifyKeyAnswer(ctx, creds, body.response, challenge);
      if (!accepted) throw await refuse(request, account, 'login.webauthn_failed', webauthnErrors.loginFailed);
      return passSecondFactor(request, reply, session, account, creds, 'webauthn', body.remember);
    });
  });
}
