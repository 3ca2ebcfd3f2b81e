import type { Locale } from '@helios/api';
import { Action, MailLayout, Paragraph } from './layout';
import type { MailTemplate } from './render';
import { methodNames, type SecondFactorMethod } from './second-factor';
import { mailTime } from './time';

type Props = {
  locale: Locale;
  at: Date;
  method: SecondFactorMethod;
  /** Removed by a Helios administrator rather than from the account itself. */
  byAdmin: boolean;
  profileUrl: string;
};

const texts = {
  en: {
    subject: (method: string) => `${method} was removed from your Helios account`,
    removed: (method: string, time: string) => `${method} was removed from your Helios account (${time}).`,
    byAdmin: 'A Helios administrator removed it.',
    others: 'Other sessions of the account were signed out.',
    notYou: 'If you did not expect this, change your password and check your sign-in methods on your profile page.',
    action: 'Open your profile',
  },
  sv: {
    subject: (method: string) => `${method} har tagits bort från ditt Helios-konto`,
    removed: (method: string, time: string) => `${method} har tagits bort från ditt Helios-konto (${time}).`,
    byAdmin: 'En Helios-administratör tog bort den.',
    others: 'Andra sessioner för kontot loggades ut.',
    notYou: 'Om du inte väntade dig detta: byt lösenord och kontrollera dina inloggningsmetoder på din profilsida.',
    action: 'Öppna din profil',
  },
} satisfies Record<Locale, unknown>;

/** An authenticator app, security key or passkey removed, by the person or by an admin. */
export const secondFactorRemovedTemplate: MailTemplate<Props> = {
  subject: ({ locale, method }) => texts[locale].subject(methodNames[locale][method]),
  Mail: ({ locale, at, method, byAdmin, profileUrl }) => {
    const t = texts[locale];
    return (
      <MailLayout locale={locale}>
        <Paragraph>{t.removed(methodNames[locale][method], mailTime(at, locale))}</Paragraph>
        {byAdmin && <Paragraph>{t.byAdmin}</Paragraph>}
        <Paragraph>{t.others}</Paragraph>
        <Paragraph>{t.notYou}</Paragraph>
        <Action href={profileUrl}>{t.action}</Action>
      </MailLayout>
    );
  },
};
