import { useToast } from '@helios/design-system';
import { useCallback } from 'react';
import { useT } from '../i18n';
import { knownAdminError } from '../lib/errors';
import { useExternalNavigation } from '../lib/navigation';

/**
 * Opens a login-as address in a new tab. The tab opens inside the click (so pop-up blockers
 * allow it) and is sent on once the server has answered; it closes again if the call fails.
 * Single-use links are not fetched at all when the browser blocked the tab.
 */
export function useOpenLoginLink() {
  const { t } = useT();
  const { toast } = useToast();
  const navigation = useExternalNavigation();
  return useCallback(
    async (fetchUrl: () => Promise<string>, failedMessage: string) => {
      const tab = navigation.openTab();
      if (!tab) {
        toast(t('common.popupBlocked'), { tone: 'error' });
        return;
      }
      try {
        tab.go(await fetchUrl());
      } catch (error) {
        tab.close();
        const known = knownAdminError(error);
        toast(known ? t(`adminErrors.${known}`) : failedMessage, { tone: 'error' });
      }
    },
    [navigation, t, toast],
  );
}
