import type { FederatedProvider, FederatedProviderId } from '@helios/api';
import { ProviderButton } from '@helios/design-system';
import { useTranslation } from 'react-i18next';

/** "Continue with …" for each provider: Google and Microsoft in their own words, the
 * organisation's single sign-on by its configured name beside the generic mark. */
export function ProviderButtons({
  providers,
  disabled = false,
  onSelect,
}: {
  providers: FederatedProvider[];
  disabled?: boolean;
  onSelect: (provider: FederatedProviderId) => void;
}) {
  const { t } = useTranslation();
  const label = ({ id, name }: FederatedProvider) => {
    if (id === 'google') return t('login.continueWithGoogle');
    if (id === 'microsoft') return t('login.continueWithMicrosoft');
    return name.trim() ? t('login.continueWith', { name: name.trim() }) : t('login.continueWithSso');
  };
  return providers.map((provider) => (
    <ProviderButton
      key={provider.id}
      provider={provider.id}
      label={label(provider)}
      disabled={disabled}
      onClick={() => onSelect(provider.id)}
    />
  ));
}
