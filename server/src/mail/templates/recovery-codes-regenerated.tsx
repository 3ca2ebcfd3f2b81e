import type { Locale } from '@helios/api';
import { Action, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { mailTime } from './time';

type Props = { locale: Locale; at: Date; profileUrl: string };

const texts = {
  en: {
    subject: 'New recovery codes were made for your Helios account',
    made: (time: string) =>
      `New recovery codes were made for your Helios account (${time}). The codes you had before no longer work.`,
    notYou:
      'If it was not you, change your password, sign out of all other sessions and make new recovery codes on your profile page.',
    action: 'Open your profile',
  },
  sv: {
    subject: 'Nya återställningskoder har skapats för ditt Helios-konto',
    made: (time: string) =>
      `Nya återställningskoder har skapats för ditt Helios-konto (${time}). Koderna du hade förut fungerar inte längre.`,
    notYou:
      'Om det inte var du: byt lösenord, logga ut alla andra sessioner och skapa nya återställningskoder på din profilsida.',
    action: 'Öppna din profil',
  },
} satisfies Record<Locale, unknown>;

/** A new set of recovery codes made from the profile, in place of the old. */
export const recoveryCodesRegeneratedTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, at, profileUrl }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>{t.made(mailTime(at, locale))}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={profileUrl}>{t.action}</Action>
      </MailLayout>
    );
  },
};
