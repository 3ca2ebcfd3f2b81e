/**
 * The few pages the identity provider shows itself (errors, the sign-out question). Plain,
 * accessible HTML with no script at all, so they live under the same Content-Security-Policy as
 * everything else, and with nothing secret in them.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const STYLE = `body{font-family:system-ui,sans-serif;line-height:1.5;margin:0;padding:3rem 1rem;color:#1f2937;background:#f9fafb}
main{max-width:28rem;margin:0 auto;padding:2rem;background:#fff;border:1px solid #e5e7eb;border-radius:.75rem}
h1{font-size:1.375rem;margin:0 0 1rem}p{margin:0 0 1rem}code{font-size:.875rem;word-break:break-all}
.actions{display:flex;gap:.75rem;flex-wrap:wrap}
button,a.button{font:inherit;padding:.5rem 1rem;border-radius:.5rem;border:1px solid #1f2937;background:#fff;color:#1f2937;text-decoration:none;cursor:pointer}
button.primary{background:#1f2937;color:#fff}
:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#111827;color:#f3f4f6}main{background:#1f2937;border-color:#374151}
button,a.button{background:#1f2937;color:#f3f4f6;border-color:#f3f4f6}button.primary{background:#f3f4f6;color:#111827}}`;

/** A whole page: `body` is trusted markup built here; every outside value in it is escaped. */
function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Helios</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

const backToSignIn = '<p class="actions"><a class="button" href="/login">Go to Helios sign-in</a></p>';

/** A sign-in that cannot continue: the provider's error code and its description (both
 * protocol text, never a token or secret) so a person can report it. */
export function errorPage(error: string, description: string | undefined): string {
  return page(
    'Sign-in could not continue',
    `<p>The application sent a sign-in request that Helios could not complete. Go back to the application and try again.</p>
<p role="status">Error: <code>${escapeHtml(error)}</code>${description ? `<br>${escapeHtml(description)}` : ''}</p>
${backToSignIn}`,
  );
}

/** The interaction in the address is unknown or has expired. */
export function interactionMissingPage(): string {
  return page(
    'This sign-in has expired',
    `<p>The sign-in request is unknown or took too long. Go back to the application and sign in again.</p>
${backToSignIn}`,
  );
}

/** /auth/athena while no sharing portal is set up. */
export function sharingPortalMissingPage(): string {
  return page(
    'The sharing portal is not available',
    `<p>The sharing portal has not been set up for this Helios yet. Please contact your administrator.</p>
${backToSignIn}`,
  );
}

/** The question an application's sign-out asks. `form` is the provider's own form (its action
 * and a one-time value); the buttons submit it. */
export function logoutPage(form: string): string {
  return page(
    'Sign out of Helios?',
    `<p>You are signing out of an application. Do you also want to sign out of Helios and every other application you signed in to with it?</p>
${form}
<p class="actions">
<button class="primary" type="submit" form="op.logoutForm" name="logout" value="yes">Sign out everywhere</button>
<button type="submit" form="op.logoutForm">Only this application</button>
</p>`,
  );
}

export function signedOutPage(): string {
  return page('You are signed out', `<p>You have been signed out.</p>${backToSignIn}`);
}
