import { ErrorCode, type Locale, routes } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { signedIn } from '../http/auth';
import { HttpError } from '../http/errors';
import { register } from '../http/routes';
import { sendPage } from '../http/security';
import { localeFromAcceptLanguage } from '../mail/templates';
import { sharingPortalLoginUri } from './clients';
import { sharingPortalMissingPage } from './pages';

/**
 * GET /auth/athena — hands a stakeholder to the sharing portal by third-party initiated login
 * (OpenID Connect Core 4): the portal's sign-in entry gets the issuer, and the signed-in email as
 * `login_hint`, and then sends an ordinary authorization request, which single sign-on answers.
 */
export function registerAthenaRoute(app: FastifyInstance, ctx: Context) {
  register(app, routes.athena, async (_, request, reply) => {
    const loginUri = await sharingPortalLoginUri(ctx);
    const account = (await signedIn(ctx, request))?.account;
    if (!loginUri) {
      // A browser gets a page in the person's language (their account's, else the browser's);
      // an API caller the error shape.
      if ((request.headers.accept ?? '').includes('text/html')) {
        const lang =
          (account?.locale as Locale | undefined) ?? localeFromAcceptLanguage(request.headers['accept-language']);
        return sendPage(reply, 404, sharingPortalMissingPage(lang), ctx.config.secure);
      }
      throw new HttpError(404, ErrorCode.sharingPortalNotConfigured, 'The sharing portal is not configured');
    }
    const target = new URL(loginUri);
    target.searchParams.set('iss', ctx.config.publicUrl);
    if (account) target.searchParams.set('login_hint', account.email);
    return reply.redirect(target.toString(), 303);
  });
}
