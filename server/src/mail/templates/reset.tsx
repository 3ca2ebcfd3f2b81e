import type { Locale } from '@helios/api';
import { Action, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';

type Props = { locale: Locale; link: string };

const texts = {
  en: {
    subject: 'Reset your password',
    lines: [
      'We received a request to reset the password of your Helios account.',
      'The link is valid for 60 minutes and can be used once. If you did not ask for it, you can ignore this email.',
    ],
    action: 'Choose a new password',
  },
  sv: {
    subject: 'Återställ ditt lösenord',
    lines: [
      'Vi har fått en begäran om att återställa lösenordet för ditt Helios-konto.',
      'Länken gäller i 60 minuter och kan användas en gång. Om du inte har bett om det kan du bortse från det här mejlet.',
    ],
    action: 'Välj ett nytt lösenord',
  },
} satisfies Record<Locale, unknown>;

/** A password-reset link (asked for by the person, or sent by an admin). */
export const resetTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, link }) => (
    <MailLayout locale={locale}>
      {texts[locale].lines.map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      <Action href={link}>{texts[locale].action}</Action>
    </MailLayout>
  ),
};
