import type { Locale } from '@helios/api';
import { Action, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { mailTime } from './time';

type Props = { locale: Locale; at: Date; resetUrl: string };

const texts = {
  en: {
    subject: 'Your password was changed',
    changed: (time: string) => `The password of your Helios account was changed on its profile page (${time}).`,
    others: 'Every other session of the account was signed out.',
    notYou:
      'If you did not do this, reset your password now and tell your organisation: someone else may be signed in as you.',
    action: 'Reset your password',
  },
  sv: {
    subject: 'Ditt lösenord har ändrats',
    changed: (time: string) => `Lösenordet för ditt Helios-konto ändrades på profilsidan (${time}).`,
    others: 'Alla andra sessioner för kontot loggades ut.',
    notYou:
      'Om det inte var du: återställ lösenordet nu och meddela din organisation. Någon annan kan vara inloggad som du.',
    action: 'Återställ lösenordet',
  },
} satisfies Record<Locale, unknown>;

/** The password set or changed from the profile. */
export const passwordChangedTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, at, resetUrl }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>{t.changed(mailTime(at, locale))}</Paragraph>
        <Paragraph>{t.others}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={resetUrl}>{t.action}</Action>
      </MailLayout>
    );
  },
};
