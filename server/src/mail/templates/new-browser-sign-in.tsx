import type { Locale } from '@helios/api';
import { Action, Facts, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { mailTime } from './time';

type Props = {
  locale: Locale;
  at: Date;
  /** "Firefox 120", or null when the browser did not say. */
  browser: string | null;
  /** "Windows 11", or null when the browser did not say. */
  os: string | null;
  profileUrl: string;
};

const texts = {
  en: {
    subject: 'New sign-in to your Helios account',
    intro: 'Someone signed in to your Helios account from a browser it has not been used in before.',
    browser: 'Browser',
    os: 'Operating system',
    time: 'Time (approximately)',
    unknown: 'Unknown',
    wasYou: 'If this was you, there is nothing you need to do.',
    notYou:
      'If it was not you, change your password and sign out of all other sessions on your profile page right away.',
    action: 'Open your profile',
  },
  sv: {
    subject: 'Ny inloggning på ditt Helios-konto',
    intro: 'Någon loggade in på ditt Helios-konto från en webbläsare som inte har använts för kontot tidigare.',
    browser: 'Webbläsare',
    os: 'Operativsystem',
    time: 'Tid (ungefär)',
    unknown: 'Okänt',
    wasYou: 'Om det var du behöver du inte göra något.',
    notYou: 'Om det inte var du: byt lösenord och logga ut alla andra sessioner på din profilsida direkt.',
    action: 'Öppna din profil',
  },
} satisfies Record<Locale, unknown>;

/** A completed sign-in from a browser the account has no record of. */
export const newBrowserSignInTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, at, browser, os, profileUrl }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>{t.intro}</Paragraph>
        <Facts
          rows={[
            [t.browser, browser ?? t.unknown],
            [t.os, os ?? t.unknown],
            [t.time, mailTime(at, locale)],
          ]}
        />
        <Paragraph>{t.wasYou}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={profileUrl}>{t.action}</Action>
      </MailLayout>
    );
  },
};
