import type { Locale } from '@helios/api';
import { MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';

type Props = { locale: Locale; code: string };

const texts = {
  en: {
    subject: 'Your sign-in code',
    lines: (code: string) => [
      `Your one-time sign-in code is ${code}.`,
      'It is valid for 10 minutes and can be used once.',
      'If you did not try to sign in, you can ignore this email.',
    ],
  },
  sv: {
    subject: 'Din inloggningskod',
    lines: (code: string) => [
      `Din engångskod för inloggning är ${code}.`,
      'Den gäller i 10 minuter och kan användas en gång.',
      'Om du inte försökte logga in kan du bortse från det här mejlet.',
    ],
  },
} satisfies Record<Locale, unknown>;

/** A one-time sign-in code (the login's and re-authentication's). */
export const codeTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, code }) => (
    <MailLayout locale={locale}>
      {texts[locale].lines(code).map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
    </MailLayout>
  ),
};
