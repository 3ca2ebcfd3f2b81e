import type { Locale } from '@helios/api';
import { OTP_TTL_MS } from '../login/otp';
import { RESET_TOKEN_MS } from '../reset/links';
import type { SecurityMailKind } from './security';
import { codeTemplate } from './templates/code';
import { noAccountTemplate } from './templates/no-account';
import { renderMail } from './templates/render';
import { resetTemplate } from './templates/reset';

/** The kinds of mail; the log names a mail by its kind, never by its body. */
export type MailKind = 'code' | 'no_account' | 'reset' | SecurityMailKind;

/** A mail to write to the outbox. `validForMs`: how long it is worth sending — as long as the
 * code or link it carries works, a day for security mail; one not delivered by then is dropped,
 * not sent late. */
export type Mail = { kind: MailKind; to: string; subject: string; text: string; html?: string; validForMs: number };

/** As long as the code or link works, which the texts state (10 and 60 minutes). */
const CODE_MAIL_VALID_MS = OTP_TTL_MS;
const RESET_MAIL_VALID_MS = RESET_TOKEN_MS;

export async function codeMail(to: string, code: string, locale: Locale): Promise<Mail> {
  return { kind: 'code', validForMs: CODE_MAIL_VALID_MS, to, ...(await renderMail(codeTemplate, { locale, code })) };
}

export async function noAccountMail(to: string, locale: Locale): Promise<Mail> {
  return {
    kind: 'no_account',
    // An answer to a sign-in attempt: stale once a code sent then would have been.
    validForMs: CODE_MAIL_VALID_MS,
    to,
    ...(await renderMail(noAccountTemplate, { locale, email: to })),
  };
}

export async function resetMail(to: string, link: string, locale: Locale): Promise<Mail> {
  return { kind: 'reset', validForMs: RESET_MAIL_VALID_MS, to, ...(await renderMail(resetTemplate, { locale, link })) };
}

/** The language an account's mail is written in: its own, English unless Swedish. */
export function accountLocale(account: { locale: string }): Locale {
  return account.locale === 'sv' ? 'sv' : 'en';
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
