import type { Locale } from '@helios/api';
import { MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';

type Props = { locale: Locale; email: string };

const texts = {
  en: {
    subject: 'Sign-in attempt',
    lines: (email: string) => [
      `Someone tried to sign in to Helios with ${email}, but no account exists for this address.`,
      'If it was you, ask your organisation to invite you. Otherwise you can ignore this email.',
    ],
  },
  sv: {
    subject: 'Inloggningsförsök',
    lines: (email: string) => [
      `Någon försökte logga in i Helios med ${email}, men det finns inget konto för adressen.`,
      'Om det var du, be din organisation att bjuda in dig. Annars kan du bortse från det här mejlet.',
    ],
  },
} satisfies Record<Locale, unknown>;

/** The answer to a sign-in attempt with an address that has no account. */
export const noAccountTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, email }) => (
    <MailLayout locale={locale}>
      {texts[locale].lines(email).map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
    </MailLayout>
  ),
};
