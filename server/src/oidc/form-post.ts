import type { KoaContextWithOIDC } from 'oidc-provider';

/**
 * A `response_mode=form_post` answer is a page whose form posts itself to the client's
 * redirect_uri. The pages' policy allows forms to this origin only (`form-action 'self'`), which
 * would stop that submission in a browser: on this one answer the policy also allows the origin
 * of the redirect_uri, once the provider has checked it is one the client registered.
 */
export async function allowFormPostTarget(octx: KoaContextWithOIDC, next: () => Promise<void>) {
  await next();
  const params = octx.oidc?.params;
  const redirectUri = typeof params?.redirect_uri === 'string' ? params.redirect_uri : null;
  if (params?.response_mode !== 'form_post' || !redirectUri || !octx.response.is('html')) return;
  if (!octx.oidc.client?.redirectUriAllowed(redirectUri) || !URL.canParse(redirectUri)) return;
  const policy = octx.response.get('content-security-policy');
  if (!policy) return;
  const target = new URL(redirectUri).origin;
  octx.response.set(
    'content-security-policy',
    policy
      .split(';')
      .map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return name === 'form-action' ? [name, ...sources, target].join(' ') : directive.trim();
      })
      .join('; '),
  );
}
