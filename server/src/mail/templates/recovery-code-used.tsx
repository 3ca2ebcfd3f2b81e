import type { Locale } from '@helios/api';
import { Action, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { mailTime } from './time';

type Props = {
  locale: Locale;
  at: Date;
  /** Unused recovery codes left. */
  remaining: number;
  profileUrl: string;
};

const texts = {
  en: {
    subject: 'A recovery code was used',
    used: (time: string) => `A recovery code was used to sign in to your Helios account (${time}).`,
    remaining: (count: number) =>
      count === 1 ? 'You have 1 unused recovery code left.' : `You have ${count} unused recovery codes left.`,
    notYou:
      'If it was not you, change your password, sign out of all other sessions and make new recovery codes on your profile page.',
    action: 'Open your profile',
  },
  sv: {
    subject: 'En återställningskod har använts',
    used: (time: string) => `En återställningskod användes för att logga in på ditt Helios-konto (${time}).`,
    remaining: (count: number) =>
      count === 1 ? 'Du har 1 oanvänd återställningskod kvar.' : `Du har ${count} oanvända återställningskoder kvar.`,
    notYou:
      'Om det inte var du: byt lösenord, logga ut alla andra sessioner och skapa nya återställningskoder på din profilsida.',
    action: 'Öppna din profil',
  },
} satisfies Record<Locale, unknown>;

/** A sign-in that used a recovery code in place of the second factor. */
export const recoveryCodeUsedTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, at, remaining, profileUrl }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>{t.used(mailTime(at, locale))}</Paragraph>
        <Paragraph>{t.remaining(remaining)}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={profileUrl}>{t.action}</Action>
      </MailLayout>
    );
  },
};
