import type { Locale } from '@helios/api';
import { Action, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { mailTime } from './time';

type Props = { locale: Locale; at: Date; resetUrl: string };

const texts = {
  en: {
    subject: 'Your password was reset',
    reset: (time: string) => `The password of your Helios account was reset with a reset link (${time}).`,
    others: 'Every session of the account was signed out.',
    notYou:
      'If you did not do this, someone may be able to read your email. Reset your password again now and tell your organisation.',
    action: 'Reset your password',
  },
  sv: {
    subject: 'Ditt lösenord har återställts',
    reset: (time: string) => `Lösenordet för ditt Helios-konto återställdes med en återställningslänk (${time}).`,
    others: 'Alla sessioner för kontot loggades ut.',
    notYou:
      'Om det inte var du kan någon ha tillgång till din e-post. Återställ lösenordet igen nu och meddela din organisation.',
    action: 'Återställ lösenordet',
  },
} satisfies Record<Locale, unknown>;

/** The password set with a reset link. */
export const passwordResetTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, at, resetUrl }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>{t.reset(mailTime(at, locale))}</Paragraph>
        <Paragraph>{t.others}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={resetUrl}>{t.action}</Action>
      </MailLayout>
    );
  },
};
