import type { Locale } from '@helios/api';
import { MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { mailTime } from './time';

type Props = { locale: Locale; at: Date; tenant: string };

const texts = {
  en: {
    subject: 'An administrator signed in as you',
    signedIn: (tenant: string, time: string) =>
      `A Helios administrator signed in to ${tenant} as you (${time}), for example to help with a support request.`,
    logged: 'What an administrator does as you is recorded in the audit log.',
    notYou: 'If you did not expect this, contact your organisation.',
  },
  sv: {
    subject: 'En administratör loggade in som du',
    signedIn: (tenant: string, time: string) =>
      `En Helios-administratör loggade in i ${tenant} som du (${time}), till exempel för att hjälpa till med ett supportärende.`,
    logged: 'Det en administratör gör som du registreras i granskningsloggen.',
    notYou: 'Om du inte väntade dig detta, kontakta din organisation.',
  },
} satisfies Record<Locale, unknown>;

/** A Helios administrator used "log in as" to enter an instance as the account. */
export const adminSignedInAsYouTemplate: MailTemplate<Props> = {
  subject: ({ locale }) => texts[locale].subject,
  Mail: ({ locale, at, tenant }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>{t.signedIn(tenant, mailTime(at, locale))}</Paragraph>
        <Paragraph>{t.logged}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
      </MailLayout>
    );
  },
};
