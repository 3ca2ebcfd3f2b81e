/**
 * The few pages the identity provider shows itself (errors, the sign-out question). Plain,
 * accessible HTML with no script at all, so they live under the same Content-Security-Policy as
 * everything else, and with nothing secret in them.
 */

import type { Locale } from '@helios/api';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

// The sign-in portal's look (design-system tokens: colours, radius, the card and the Helios
// mark), light and dark, with no script and nothing to load.
const STYLE = `:root{color-scheme:light dark;--background:oklch(0.99 0.002 265);--foreground:oklch(0.2 0.02 265);--card:oklch(1 0 0);--muted-foreground:oklch(0.45 0.02 265);--primary:oklch(0.46 0.19 264);--primary-foreground:oklch(0.99 0 0);--border:oklch(0.89 0.01 265);--ring:oklch(0.52 0.2 264)}
@media (prefers-color-scheme:dark){:root{--background:oklch(0.17 0.02 265);--foreground:oklch(0.96 0.005 265);--card:oklch(0.21 0.02 265);--muted-foreground:oklch(0.76 0.015 265);--primary:oklch(0.78 0.11 264);--primary-foreground:oklch(0.18 0.04 265);--border:oklch(0.33 0.02 265);--ring:oklch(0.72 0.14 264)}}
*{box-sizing:border-box}
body{margin:0;font-family:"Inter",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;line-height:1.5;color:var(--foreground);background:var(--background)}
main{display:flex;min-height:100dvh;align-items:center;justify-content:center;padding:2.5rem 1rem}
.card{display:grid;gap:1.5rem;width:100%;max-width:28rem;padding:1.5rem;background:var(--card);border:1px solid var(--border);border-radius:.875rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
@media (min-width:40rem){.card{padding:2rem}}
header{display:grid;justify-items:center;gap:.5rem;text-align:center}
.logo{display:inline-flex;align-items:center;gap:.5rem;margin-bottom:.5rem;font-size:1.25rem;font-weight:600}
.logo svg{width:2rem;height:2rem;color:var(--primary)}
.eyebrow{margin:0;font-size:.875rem;font-weight:500;color:var(--primary)}
h1{margin:0;font-size:clamp(1.25rem,.875rem + 1.667vw,1.875rem);line-height:1.2;font-weight:700;text-wrap:balance;overflow-wrap:anywhere;hyphens:auto}
p{margin:0}.content{display:grid;gap:1rem}.muted{color:var(--muted-foreground);font-size:.875rem}
code{font-size:.875rem;word-break:break-all}
.actions{display:flex;gap:.75rem;flex-wrap:wrap;justify-content:center}
button,a.button{display:inline-flex;align-items:center;justify-content:center;height:2.5rem;padding:0 1rem;font:inherit;font-size:.875rem;font-weight:500;border-radius:.5rem;border:1px solid var(--border);background:var(--card);color:var(--foreground);text-decoration:none;cursor:pointer}
button.primary,a.button.primary{background:var(--primary);border-color:var(--primary);color:var(--primary-foreground)}
:focus-visible{outline:2px solid var(--ring);outline-offset:2px}`;

const LOGO = `<div class="logo"><svg aria-hidden="true" focusable="false" viewBox="0 0 32 32"><circle cx="16" cy="16" r="6.5" fill="currentColor"/><g stroke="currentColor" stroke-width="2.5" stroke-linecap="round"><path d="M16 2.5v3.5M16 26v3.5M2.5 16H6M26 16h3.5"/><path d="m6.45 6.45 2.48 2.48M23.07 23.07l2.48 2.48M6.45 25.55l2.48-2.48M23.07 8.93l2.48-2.48"/></g></svg><span>Helios</span></div>`;

/** A whole page in the portal's card: `body` is trusted markup built here; every outside value
 * in it is escaped. `eyebrow` is a line above the heading (which service the page is about). */
function page(title: string, body: string, options: { lang?: Locale; eyebrow?: string } = {}): string {
  const eyebrow = options.eyebrow ? `\n<p class="eyebrow">${escapeHtml(options.eyebrow)}</p>` : '';
  return `<!DOCTYPE html>
<html lang="${options.lang ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Helios</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<header>
${LOGO}${eyebrow}
<h1>${escapeHtml(title)}</h1>
</header>
<div class="content">
${body}
</div>
</div>
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

const SHARING_PORTAL_MISSING = {
  en: {
    eyebrow: 'Candidate sharing portal',
    title: 'The sharing portal is not available',
    text: 'The candidate sharing portal is not connected to Helios yet. Contact your administrator.',
    back: 'Back to Helios',
  },
  sv: {
    eyebrow: 'Kandidatdelningsportalen',
    title: 'Delningsportalen är inte tillgänglig',
    text: 'Kandidatdelningsportalen är inte kopplad till Helios ännu. Kontakta din administratör.',
    back: 'Tillbaka till Helios',
  },
} satisfies Record<Locale, Record<string, string>>;

/** /auth/athena while no sharing portal is set up, in the person's language. Back goes to the
 * tenant picker: sign-in would send a signed-in stakeholder straight here again. */
export function sharingPortalMissingPage(lang: Locale): string {
  const t = SHARING_PORTAL_MISSING[lang];
  return page(
    t.title,
    `<p>${escapeHtml(t.text)}</p>
<p class="actions"><a class="button primary" href="/login/select-tenant">${escapeHtml(t.back)}</a></p>`,
    { lang, eyebrow: t.eyebrow },
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
