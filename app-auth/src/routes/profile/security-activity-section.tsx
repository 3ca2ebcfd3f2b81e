import type { SecurityEvent } from '@helios/api';
import { ActivityList, type ActivityListItem } from '@helios/design-system';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { eventSentence, needsAttention } from '../../lib/security-events';
import { useLoaded } from '../../lib/use-loaded';

/** The account's security events of the last 30 days, loaded when the section opens and again on
 * retry. */
function useSecurityEvents() {
  const api = useApi();
  const [events, setEvents] = useState<SecurityEvent[]>([]);
  const loaded = useLoaded(
    { load: () => api.call('securityEvents'), onLoaded: (response) => setEvents(response.events) },
    [api],
  );
  return { events, ...loaded };
}

/** "Recent security activity" on the profile: sign-ins, failed attempts and changes to the
 * account, each in a sentence, newest first. */
export function SecurityActivitySection() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const { events, status, failure, reload } = useSecurityEvents();

  function item(event: SecurityEvent): ActivityListItem {
    const { key, values, locked } = eventSentence(event);
    const method = values.methodKey ? t(values.methodKey as never) : '';
    const sentence = t(key as never, { ...values, method }) as string;
    return {
      id: event.id,
      title: locked ? t('security.locked', { sentence }) : sentence,
      at: event.at,
      detail: event.ip ? t('security.from', { ip: event.ip }) : undefined,
      tone: needsAttention(event) ? 'warning' : 'default',
    };
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-base">
          {t('security.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('security.text')}</p>
      </div>
      <ActivityList
        items={events.map(item)}
        status={status}
        failedMessage={t(failure)}
        onRetry={reload}
        retryLabel={t('common.tryAgain')}
        loadingLabel={t('security.loading')}
        emptyLabel={t('security.empty')}
        listLabel={t('security.title')}
        locale={i18n.resolvedLanguage}
      />
    </section>
  );
}
