import { AuthCard, type AuthCardProps, LanguageFlags } from '@helios/design-system';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { isLanguage } from '../i18n';

/** Every sign-in screen: the Helios card with the language flags, which hide when the page
 * was opened with a `lang` parameter (the instance chose the language). */
export function AuthPage({ children, ...props }: Omit<AuthCardProps, 'topRight'>) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const flags = params.has('lang') ? undefined : (
    <LanguageFlags
      value={language}
      onChange={(next) => void i18n.changeLanguage(next)}
      labels={{ sv: t('common.swedish'), en: t('common.english') }}
      groupLabel={t('common.language')}
    />
  );
  return (
    <AuthCard topRight={flags} sharingPortalTitle={t('common.sharingPortal')} {...props}>
      {children}
    </AuthCard>
  );
}
