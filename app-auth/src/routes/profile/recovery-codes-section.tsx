import type { UserInfo } from '@helios/api';
import { Alert, Button, ConfirmDialog } from '@helios/design-system';
import { useAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { newRecoveryCodesAtom } from '../../atoms/profile';
import { NewRecoveryCodes } from '../../components/new-recovery-codes';
import { useStepUp } from '../../components/step-up';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { useLoaded } from '../../lib/use-loaded';

/** Below this many unused codes the profile says it is time for new ones. */
export const FEW_RECOVERY_CODES = 3;

const hasSecondFactor = (user: UserInfo) =>
  user.available_credentials.some((credential) => credential.type === 'totp' || credential.type === 'webauthn');

/** Recovery codes of an account with a second factor: how many are unused, a notice when few
 * are, and new codes (after a recent sign-in), shown here once. */
export function RecoveryCodesSection({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const api = useApi();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const makeButton = useRef<HTMLButtonElement>(null);
  const [codes, setCodes] = useAtom(newRecoveryCodesAtom);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [failure, setFailure] = useState<ErrorKey | 'recovery.loadFailed' | null>(null);
  const [making, setMaking] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const stepUp = useStepUp();
  const active = hasSecondFactor(user);

  // Read again when the sign-in methods change, and when shown codes are put away.
  useLoaded(
    {
      load: () => api.call('recoveryCodes'),
      onLoaded: (status) => {
        setRemaining(status.remaining);
        setFailure(null);
      },
      onFailed: () => setFailure('recovery.loadFailed'),
      enabled: active && !codes,
    },
    [api, user.available_credentials],
  );

  // New codes take the reader's focus: they are what to act on now.
  useEffect(() => {
    if (codes) heading.current?.focus();
  }, [codes]);

  if (!active) return null;

  async function makeNew() {
    if (making) return;
    setConfirming(false);
    setMaking(true);
    setFailure(null);
    try {
      const made = await stepUp.run(() => api.call('regenerateRecoveryCodes', { body: {} }));
      setCodes(made.codes);
    } catch (error) {
      setFailure(errorKey(error));
    } finally {
      setMaking(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="recovery-codes-section">
      <div className="grid gap-1">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="font-semibold text-base outline-none">
          {codes ? t('recovery.saveTitle') : t('recovery.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{codes ? t('recovery.saveText') : t('recovery.profileText')}</p>
      </div>
      {codes ? (
        <NewRecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : (
        <>
          {remaining !== null ? (
            <p data-testid="recovery-codes-remaining" className="text-sm">
              {t('recovery.remaining', { count: remaining })}
            </p>
          ) : null}
          {remaining !== null && remaining < FEW_RECOVERY_CODES ? (
            <Alert tone="warning" title={t('recovery.fewLeftTitle')}>
              {t('recovery.fewLeft')}
            </Alert>
          ) : null}
          {failure ? <Alert tone="error">{t(failure)}</Alert> : null}
          <Button
            ref={makeButton}
            variant="outline"
            className="justify-self-start"
            loading={making}
            loadingLabel={t('common.loading')}
            onClick={() => setConfirming(true)}
          >
            {t('recovery.regenerate')}
          </Button>
        </>
      )}
      {/* The codes in use stop working at once: the person confirms before they are replaced. */}
      <ConfirmDialog
        visible={confirming}
        warning
        title={t('recovery.regenerateTitle')}
        content={t('recovery.regenerateText')}
        confirmLabel={t('recovery.regenerateConfirm')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void makeNew()}
        onCancel={() => setConfirming(false)}
        onCloseAutoFocus={(event) => {
          // Once the new codes are shown their heading holds the focus; until then the busy button does.
          event.preventDefault();
          makeButton.current?.focus();
        }}
      />
      {stepUp.dialog}
    </section>
  );
}
