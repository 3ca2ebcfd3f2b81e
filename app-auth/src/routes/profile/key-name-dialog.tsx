import {
  Alert,
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  TextField,
} from '@helios/design-system';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ErrorKey, errorKey } from '../../lib/errors';
import { passkeyErrorKey } from '../../lib/passkeys';
import { keyNameProblem, type NamedKeyKind } from './login-methods';

/** The field of a kind of key (its form name and words) and how a failure is put in words. */
type KindWords = {
  field: string;
  label: string;
  placeholder: string;
  required: string;
  tooLong: string;
  failure: (error: unknown) => ErrorKey;
};

const KINDS = {
  webauthn: {
    field: 'security-key-name',
    label: 'profile.keyNameLabel',
    placeholder: 'profile.keyNamePlaceholder',
    required: 'profile.keyNameRequired',
    tooLong: 'profile.keyNameTooLong',
    failure: errorKey,
  },
  passkey: {
    field: 'passkey-name',
    label: 'passkeys.nameLabel',
    placeholder: 'passkeys.namePlaceholder',
    required: 'passkeys.nameRequired',
    tooLong: 'passkeys.nameTooLong',
    failure: (error: unknown) => passkeyErrorKey(error, errorKey),
  },
} as const satisfies Record<NamedKeyKind, KindWords>;

export type KeyNameDialogProps = {
  open: boolean;
  /** Which contract rule the name follows, and the words of the field. */
  kind: NamedKeyKind;
  title: string;
  /** Said under the title; a dialog without it has no description. */
  text?: string;
  confirmLabel: string;
  /** The name in the field each time the dialog opens (a rename starts from the current one). */
  initialName?: string;
  onClose: () => void;
  /** Called with the trimmed name of a valid name; a failure it throws shows in the dialog. */
  onSubmit: (name: string) => Promise<void>;
  /** Where focus goes once the dialog has closed (by default back to what opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Naming a key: a passkey when it is created or renamed, a security key when it is added. The
 * name is checked by the contract's rule before `onSubmit` runs; a failure (a closed browser
 * prompt, a refused key) shows here and the dialog stays, so the person can try again. It cannot
 * be closed while `onSubmit` runs.
 */
export function KeyNameDialog({
  open,
  kind,
  title,
  text,
  confirmLabel,
  initialName = '',
  onClose,
  onSubmit,
  onCloseAutoFocus,
}: KeyNameDialogProps) {
  const { t } = useTranslation();
  const words = KINDS[kind];
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ErrorKey | null>(null);
  const problem = keyNameProblem(name, kind);

  useEffect(() => {
    if (!open) return;
    setName(initialName);
    setTouched(false);
    setFailure(null);
  }, [open, initialName]);

  async function submit() {
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      setFailure(words.failure(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) onClose();
      }}
    >
      <DialogContent
        showCloseButton={false}
        onCloseAutoFocus={onCloseAutoFocus}
        {...(text ? {} : { 'aria-describedby': undefined })}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {text ? <DialogDescription>{text}</DialogDescription> : null}
        </DialogHeader>
        {/* A form, so Enter in the name field continues like the button does. */}
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            label={t(words.label)}
            name={words.field}
            autoComplete="off"
            required
            placeholder={t(words.placeholder)}
            value={name}
            error={touched && problem ? t(words[problem]) : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {failure ? <Alert tone="error">{t(failure)}</Alert> : null}
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </DialogClose>
          <Button loading={busy} onClick={() => void submit()}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
