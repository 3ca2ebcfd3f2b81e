import type { Passkey, UserInfo } from '@helios/api';
import { Alert, type AlertTone, Button, ConfirmDialog, PasskeyList, type PasskeyListItem } from '@helios/design-system';
import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../api';
import { useStepUp } from '../../components/step-up';
import { errorKey } from '../../lib/errors';
import { createPasskeyAnswer } from '../../lib/passkeys';
import { useLoaded } from '../../lib/use-loaded';
import { KeyNameDialog } from './key-name-dialog';

type Message = { tone: AlertTone; text: string };

/**
 * The profile's passkeys: each by name with when it was created and last used, Rename and
 * Remove (removal needs a recent sign-in and ends the account's other sessions), and "Create a
 * passkey" (a recent sign-in too).
 */
export function PasskeysSection({ user, onUserChange }: { user: UserInfo; onUserChange: (user: UserInfo) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const stepUp = useStepUp();
  const headingId = useId();
  const createButton = useRef<HTMLButtonElement>(null);
  const [passkeys, setPasskeys] = useState<Passkey[]>([]);
  const [message, setMessage] = useState<Message | null>(null);
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyListItem | null>(null);
  const [removal, setRemoval] = useState<PasskeyListItem | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const removed = useRef(false);

  const passkeyIds = user.available_credentials
    .filter((c) => c.type === 'passkey')
    .map((c) => c.id)
    .join();
  // The list follows the account's credentials (a passkey removed elsewhere on the page goes).
  useLoaded({ load: () => api.call('passkeys'), onLoaded: (answer) => setPasskeys(answer.passkeys) }, [
    api,
    passkeyIds,
  ]);

  const date = useCallback(
    (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso)),
    [i18n.language],
  );
  const items: PasskeyListItem[] = passkeys.map((p) => ({
    id: p.id,
    name: p.name || t('passkeys.defaultName'),
    detail: p.last_used_at
      ? t('passkeys.detailUsed', { created: date(p.created_at), used: date(p.last_used_at) })
      : t('passkeys.detailCreated', { created: date(p.created_at) }),
  }));

  async function remove(passkey: PasskeyListItem) {
    setRemovingId(passkey.id);
    try {
      const next = await stepUp.run(() => api.call('deleteCredential', { params: { id: passkey.id } }));
      removed.current = true;
      setRemoval(null);
      onUserChange(next);
      setMessage({ tone: 'success', text: t('passkeys.removed') });
    } catch (error) {
      setRemoval(null);
      setMessage({ tone: 'error', text: t(errorKey(error)) });
    } finally {
      setRemovingId(null);
    }
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="grid gap-1">
        <h2 id={headingId} className="font-semibold text-base">
          {t('passkeys.title')}
        </h2>
        <p className="text-muted-foreground text-sm">{t('passkeys.text')}</p>
      </div>
      <PasskeyList
        passkeys={items}
        removingId={removingId}
        onRename={(passkey) => {
          setMessage(null);
          setRenaming(passkey);
        }}
        onRemove={(passkey) => {
          setMessage(null);
          setRemoval(passkey);
        }}
        renameLabel={t('passkeys.rename')}
        renamePasskeyLabel={(name) => t('passkeys.renameLabel', { name })}
        removeLabel={t('passkeys.remove')}
        removePasskeyLabel={(name) => t('passkeys.removeLabel', { name })}
        emptyText={t('passkeys.empty')}
        loadingLabel={t('passkeys.removing')}
      />
      {message ? (
        <Alert tone={message.tone} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      ) : null}
      <Button
        ref={createButton}
        variant="outline"
        className="justify-self-start"
        onClick={() => {
          setMessage(null);
          setCreating(true);
        }}
      >
        {t('passkeys.create')}
      </Button>
      {stepUp.dialog}
      <KeyNameDialog
        kind="passkey"
        open={creating}
        title={t('passkeys.create')}
        text={t('passkeys.createText')}
        confirmLabel={t('common.continue')}
        onClose={() => setCreating(false)}
        onSubmit={async (name) => {
          const options = await stepUp.run(() => api.call('passkeyRegisterOptions', { body: {} }));
          const response = await createPasskeyAnswer(options);
          const answer = await stepUp.run(() => api.call('passkeyRegister', { body: { name, response } }));
          setPasskeys(answer.passkeys);
          onUserChange(await api.call('userinfo'));
          setCreating(false);
          setMessage({ tone: 'success', text: t('passkeys.created', { name }) });
        }}
      />
      <KeyNameDialog
        kind="passkey"
        open={renaming !== null}
        title={t('passkeys.renameTitle')}
        confirmLabel={t('passkeys.save')}
        initialName={renaming?.name ?? ''}
        onClose={() => setRenaming(null)}
        onSubmit={async (name) => {
          if (!renaming) return;
          const answer = await api.call('renamePasskey', { params: { id: renaming.id }, body: { name } });
          setPasskeys(answer.passkeys);
          setRenaming(null);
          setMessage({ tone: 'success', text: t('passkeys.renamed') });
        }}
      />
      <ConfirmDialog
        visible={removal !== null}
        warning
        title={t('passkeys.removeTitle')}
        content={t('passkeys.removeText', { name: removal?.name ?? '' })}
        confirmLabel={t('passkeys.remove')}
        cancelLabel={t('common.cancel')}
        loading={removingId !== null}
        onConfirm={() => removal && void remove(removal)}
        onCancel={() => setRemoval(null)}
        onCloseAutoFocus={(event) => {
          // The removed passkey's buttons are gone: continue from "Create a passkey" instead.
          if (!removed.current) return;
          removed.current = false;
          event.preventDefault();
          createButton.current?.focus();
        }}
      />
    </section>
  );
}
