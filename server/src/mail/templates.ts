import type { Locale } from '@helios/api';
import { OTP_TTL_MS } from '../login/otp';
import { RESET_TOKEN_MS } from '../reset/links';

/** The kinds of mail; the log names a mail by its kind, never by its body. */
type MailKind = 'code' | 'no_account' | 'reset' | 'recovery_code_used';

/** A mail to write to the outbox. `validForMs`: how long what it carries works (the code, the
 * link); a mail not delivered by then is dropped, not sent late. */
export type Mail = { kind: MailKind; to: string; subject: string; text: string; html?: string; validForMs: number };

/** As long as the code or link works, which the texts below state (10 and 60 minutes). */
const CODE_MAIL_VALID_MS = OTP_TTL_MS;
const RESET_MAIL_VALID_MS = RESET_TOKEN_MS;
/** A notice of a sign-in carries nothing that expires; a day late it is still worth reading. */
const NOTICE_MAIL_VALID_MS = 24 * 60 * 60_000;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function layout(paragraphs: string[], action?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.href)}" style="background:#3340c4;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2233;max-width:520px;margin:auto;padding:24px">${body}${button}<p style="color:#5b5f73;font-size:13px">Helios</p></body></html>`;
}

const texts = {
  en: {
    codeSubject: 'Your sign-in code',
    code: (code: string) => [
      `Your one-time sign-in code is ${code}.`,
      'It is valid for 10 minutes and can be used once.',
      'If you did not try to sign in, you can ignore this email.',
    ],
    noAccountSubject: 'Sign-in attempt',
    noAccount: (email: string) => [
      `Someone tried to sign in to Helios with ${email}, but no account exists for this address.`,
      'If it was you, ask your organisation to invite you. Otherwise you can ignore this email.',
    ],
    resetSubject: 'Reset your password',
    reset: [
      'We received a request to reset the password of your Helios account.',
      'The link is valid for 60 minutes and can be used once. If you did not ask for it, you can ignore this email.',
    ],
    resetAction: 'Choose a new password',
    recoveryCodeUsedSubject: 'A recovery code was used to sign in',
    recoveryCodeUsed: (remaining: number) => [
      'Someone just signed in to your Helios account with one of your recovery codes instead of the second factor. That code no longer works.',
      remaining === 1 ? '1 recovery code is left.' : `${remaining} recovery codes are left.`,
      'If it was you, you can make new codes in your profile. If it was not, change your password now and tell your administrator.',
    ],
  },
  sv: {
    codeSubject: 'Din inloggningskod',
    code: (code: string) => [
      `Din engångskod för inloggning är ${code}.`,
      'Den gäller i 10 minuter och kan användas en gång.',
      'Om du inte försökte logga in kan du bortse från det här mejlet.',
    ],
    noAccountSubject: 'Inloggningsförsök',
    noAccount: (email: string) => [
      `Någon försökte logga in i Helios med ${email}, men det finns inget konto för adressen.`,
      'Om det var du, be din organisation att bjuda in dig. Annars kan du bortse från det här mejlet.',
    ],
    resetSubject: 'Återställ ditt lösenord',
    reset: [
      'Vi har fått en begäran om att återställa lösenordet för ditt Helios-konto.',
      'Länken gäller i 60 minuter och kan användas en gång. Om du inte har bett om det kan du bortse från det här mejlet.',
    ],
    resetAction: 'Välj ett nytt lösenord',
    recoveryCodeUsedSubject: 'En återställningskod användes för att logga in',
    recoveryCodeUsed: (remaining: number) => [
      'Någon loggade just in på ditt Helios-konto med en av dina återställningskoder i stället för den andra faktorn. Koden fungerar inte längre.',
      remaining === 1 ? '1 återställningskod finns kvar.' : `${remaining} återställningskoder finns kvar.`,
      'Om det var du kan du skapa nya koder i din profil. Om det inte var du, byt lösenord nu och kontakta din administratör.',
    ],
  },
} as const;

export function codeMail(to: string, code: string, locale: Locale): Mail {
  const t = texts[locale];
  const lines = t.code(code);
  return {
    kind: 'code',
    validForMs: CODE_MAIL_VALID_MS,
    to,
    subject: t.codeSubject,
    text: lines.join('\n\n'),
    html: layout(lines.map(escapeHtml)),
  };
}

export function noAccountMail(to: string, locale: Locale): Mail {
  const t = texts[locale];
  const lines = t.noAccount(to);
  return {
    kind: 'no_account',
    // An answer to a sign-in attempt: stale once a code sent then would have been.
    validForMs: CODE_MAIL_VALID_MS,
    to,
    subject: t.noAccountSubject,
    text: lines.join('\n\n'),
    html: layout(lines.map(escapeHtml)),
  };
}

export function resetMail(to: string, link: string, locale: Locale): Mail {
  const t = texts[locale];
  return {
    kind: 'reset',
    validForMs: RESET_MAIL_VALID_MS,
    to,
    subject: t.resetSubject,
    text: [...t.reset, `${t.resetAction}: ${link}`].join('\n\n'),
    html: layout(t.reset.map(escapeHtml), { href: link, label: t.resetAction }),
  };
}

export function recoveryCodeUsedMail(to: string, remaining: number, locale: Locale): Mail {
  const t = texts[locale];
  const lines = t.recoveryCodeUsed(remaining);
  return {
    kind: 'recovery_code_used',
    validForMs: NOTICE_MAIL_VALID_MS,
    to,
    subject: t.recoveryCodeUsedSubject,
    text: lines.join('\n\n'),
    html: layout(lines.map(escapeHtml)),
  };
}

/** The best supported language of an Accept-Language header; English when none fits. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('sv')) return 'sv';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
