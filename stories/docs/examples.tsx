/*
 * Live examples for the docs pages (stories/docs/*.mdx): small screens built the way the apps
 * build theirs, from the design system's own components.
 */
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  type FlagLanguage,
  LanguageFlags,
  OtpInput,
  PasswordField,
  Switch,
  TextField,
} from '@helios/design-system';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';

/** A first screen: a labelled field and a button, in the page's theme. */
export function FirstComponent() {
  return (
    <div className="sb-unstyled grid max-w-sm gap-4 text-foreground">
      <TextField label="Email" type="email" autoComplete="email" hint="We send a one-time code to it." />
      <Button>Continue</Button>
    </div>
  );
}

/** The same card in the light theme and, inside an element with the `dark` class, the dark one. */
export function ThemeSwitch() {
  const [dark, setDark] = useState(true);
  return (
    <div className="sb-unstyled grid gap-4 text-foreground">
      <Switch label="Dark theme" checked={dark} onCheckedChange={setDark} />
      <div className={dark ? 'dark' : undefined}>
        <div className="rounded-xl bg-background p-6 text-foreground">
          <Card>
            <CardHeader>
              <CardTitle as="h3">Acme Recruiting</CardTitle>
              <CardDescription>Instance acme.example.com</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="flex flex-wrap gap-2">
                <Badge tone="success">Active</Badge>
                <Badge tone="warning">Deactivates 31 Dec</Badge>
              </div>
              <TextField label="Name" defaultValue="Acme Recruiting" />
              <div className="flex flex-wrap gap-2">
                <Button>Save</Button>
                <Button variant="outline">Cancel</Button>
              </div>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** The sign-in portal's keys and words for the example (app-auth/src/i18n/{en,sv}). */
const resources = {
  en: {
    translation: {
      common: { language: 'Language' },
      login: {
        otpLabel: 'One-time code',
        otpDigit: 'Digit {{index}} of {{count}}',
        passwordLabel: 'Password',
        showPassword: 'Show password',
        hidePassword: 'Hide password',
        signIn: 'Sign in',
      },
    },
  },
  sv: {
    translation: {
      common: { language: 'Språk' },
      login: {
        otpLabel: 'Engångskod',
        otpDigit: 'Siffra {{index}} av {{count}}',
        passwordLabel: 'Lösenord',
        showPassword: 'Visa lösenord',
        hidePassword: 'Dölj lösenord',
        signIn: 'Logga in',
      },
    },
  },
};

const exampleI18n = i18next.createInstance();
exampleI18n.use(initReactI18next).init({
  lng: 'sv',
  fallbackLng: 'en',
  resources,
  initAsync: false,
  interpolation: { escapeValue: false },
});

function TranslatedSignIn() {
  const { t, i18n } = useTranslation();
  const language: FlagLanguage = i18n.language === 'en' ? 'en' : 'sv';
  return (
    <div className="grid max-w-sm gap-4">
      <LanguageFlags
        value={language}
        onChange={(next) => i18n.changeLanguage(next)}
        groupLabel={t('common.language')}
      />
      <OtpInput
        label={t('login.otpLabel')}
        digitLabel={(index, count) => t('login.otpDigit', { index: index + 1, count })}
      />
      <PasswordField
        label={t('login.passwordLabel')}
        autoComplete="current-password"
        showLabel={t('login.showPassword')}
        hideLabel={t('login.hidePassword')}
      />
      <Button>{t('login.signIn')}</Button>
    </div>
  );
}

/** The components with every text from i18next, in Swedish until the flags switch to English. */
export function TranslatedTexts() {
  return (
    <div className="sb-unstyled text-foreground">
      <I18nextProvider i18n={exampleI18n}>
        <TranslatedSignIn />
      </I18nextProvider>
    </div>
  );
}
