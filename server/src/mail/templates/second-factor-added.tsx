import type { Locale } from '@helios/api';
import { Action, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { methodNames, type SecondFactorMethod } from './second-factor';
import { mailTime } from './time';

type Props = { locale: Locale; at: Date; method: SecondFactorMethod; profileUrl: string };

const texts = {
  en: {
    subject: (method: string) => `${method} was added to your Helios account`,
    added: (method: string, time: string) => `${method} was added to your Helios account as a second factor (${time}).`,
    passkeyAdded: (time: string) =>
      `A passkey was added to your Helios account (${time}). It signs you in without a password.`,
    notYou:
      'If you did not do this, remove it on your profile page, change your password and sign out of all other sessions.',
    action: 'Open your profile',
  },
  sv: {
    subject: (method: string) => `${method} har lagts till på ditt Helios-konto`,
    added: (method: string, time: string) =>
      `${method} har lagts till som andra faktor på ditt Helios-konto (${time}).`,
    passkeyAdded: (time: string) =>
      `En nyckel (passkey) har lagts till på ditt Helios-konto (${time}). Med den loggar du in utan lösenord.`,
    notYou: 'Om det inte var du: ta bort den på din profilsida, byt lösenord och logga ut alla andra sessioner.',
    action: 'Öppna din profil',
  },
} satisfies Record<Locale, unknown>;

/** An authenticator app, security key or passkey registered. */
export const secondFactorAddedTemplate: MailTemplate<Props> = {
  subject: ({ locale, method }) => texts[locale].subject(methodNames[locale][method]),
  Mail: ({ locale, at, method, profileUrl }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>
          {method === 'passkey'
            ? t.passkeyAdded(mailTime(at, locale))
            : t.added(methodNames[locale][method], mailTime(at, locale))}
        </Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={profileUrl}>{t.action}</Action>
      </MailLayout>
    );
  },
};
