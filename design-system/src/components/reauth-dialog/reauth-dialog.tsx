import * as React from 'react';
import { Alert } from '../alert/alert';
import { Button } from '../button/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../dialog/dialog';
import { OtpInput } from '../otp-input/otp-input';
import { PasswordField } from '../password-field/password-field';

/** What the person proves first: their password, or a code mailed to them. */
export type ReauthFirstFactor = 'password' | 'otp';
/** What they prove second, where the account has it: an authenticator-app code or a security key. */
export type ReauthSecondFactor = 'totp' | 'webauthn';
/** Which of the two the dialog asks for now. */
export type ReauthStep = 'first' | 'second';

/** Every word of the dialog (the design system knows no i18n); English defaults. */
export type ReauthDialogLabels = {
  title: string;
  /** Why the dialog asks, above the password. */
  passwordIntro: string;
  /** Why the dialog asks, above the mailed code (say where it went). */
  otpIntro: string;
  /** Above the authenticator code or the security-key button. */
  secondFactorIntro: string;
  password: string;
  showPassword: string;
  hidePassword: string;
  otp: string;
  totp: string;
  digit: (index: number, length: number) => string;
  continue: string;
  confirm: string;
  useSecurityKey: string;
  /** The passkey button, where the account has one. */
  usePasskey: string;
  /** Between the passkey button and the password or code. */
  or: string;
  /** Why the dialog asks, when a passkey or a code (not mailed yet) will do. */
  passkeyIntro: string;
  /** Asks for the mailed code, when it was not mailed at the start. */
  sendCode: string;
  cancel: string;
};

const defaultLabels: ReauthDialogLabels = {
  title: 'Confirm it is you',
  passwordIntro: 'To change how you sign in, enter your password again.',
  otpIntro: 'To change how you sign in, enter the code we emailed you.',
  secondFactorIntro: 'Then confirm with your second factor.',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  otp: 'Code from the email',
  totp: 'Code from your authenticator app',
  digit: (index, length) => `Digit ${index + 1} of ${length}`,
  continue: 'Continue',
  confirm: 'Confirm',
  useSecurityKey: 'Use security key',
  usePasskey: 'Use a passkey',
  or: 'or',
  passkeyIntro: 'To change how you sign in, confirm with your passkey or a code we email you.',
  sendCode: 'Email me a code',
  cancel: 'Cancel',
};

export type ReauthDialogProps = {
  /** Whether the dialog is open. */
  open: boolean;
  /** Which factor is asked for now; the screen moves on after the first when `secondFactors` is not empty. */
  step: ReauthStep;
  /** The first factor the account answers with. */
  method: ReauthFirstFactor;
  /** The account's second factors; an empty list means the first factor is all. */
  secondFactors: ReauthSecondFactor[];
  /** Called with the password or mailed code. */
  onSubmitFirst: (value: string) => void;
  /** Called with the authenticator code. */
  onSubmitTotp: (code: string) => void;
  /** Called when the person chooses their security key. */
  onUseSecurityKey: () => void;
  /** Where the account has a passkey: called by "Use a passkey" on the first step, which then
   * proves both factors at once. Without it there is no passkey button. */
  onUsePasskey?: () => void;
  /** For `method="otp"`: whether the code was mailed. When not (the account has a passkey and may
   * use that), the first step offers "Email me a code", which calls `onSendCode`. */
  codeSent?: boolean;
  onSendCode?: () => void;
  /** Called by Cancel, Escape and a click outside. */
  onCancel: () => void;
  /** What went wrong with the last try, shown under the fields and announced. */
  error?: React.ReactNode;
  /** While a step is checked: the fields and buttons wait. */
  busy?: boolean;
  /** The dialog's words; missing ones are English. */
  labels?: Partial<ReauthDialogLabels>;
  className?: string;
};

/**
 * Re-authentication before a change to how one signs in: the password or a mailed code, then
 * the authenticator code or security key where the account has one. Built on `Dialog`: focus
 * stays inside and returns to what opened it. The screen holds the step and talks to the server.
 */
export function ReauthDialog({
  open,
  step,
  method,
  secondFactors,
  onSubmitFirst,
  onSubmitTotp,
  onUseSecurityKey,
  onUsePasskey,
  codeSent = true,
  onSendCode,
  onCancel,
  error,
  busy = false,
  labels: given,
  className,
}: ReauthDialogProps) {
  const labels = { ...defaultLabels, ...given };
  const [first, setFirst] = React.useState('');
  const [totp, setTotp] = React.useState('');
  const asksTotp = step === 'second' && secondFactors.includes('totp');
  const asksKey = step === 'second' && secondFactors.includes('webauthn');
  const offersPasskey = step === 'first' && onUsePasskey !== undefined;
  // The code is not mailed yet: nothing to type, nothing to confirm until it is asked for.
  const awaitsCode = step === 'first' && method === 'otp' && !codeSent;

  // Each opening starts empty: a password must not wait in a closed dialog.
  React.useEffect(() => {
    if (open) return;
    setFirst('');
    setTotp('');
  }, [open]);
  // A refused code is typed again from the first box.
  React.useEffect(() => {
    if (error && step === 'second') setTotp('');
  }, [error, step]);

  function submit() {
    if (busy) return;
    if (step === 'first') {
      if (first !== '') onSubmitFirst(first);
    } else if (asksTotp) {
      if (totp.length === 6) onSubmitTotp(totp);
    } else onUseSecurityKey();
  }

  const intro =
    step === 'second'
      ? labels.secondFactorIntro
      : method === 'password'
        ? labels.passwordIntro
        : awaitsCode
          ? labels.passkeyIntro
          : labels.otpIntro;
  const confirmLabel =
    step === 'first'
      ? secondFactors.length > 0
        ? labels.continue
        : labels.confirm
      : asksTotp
        ? labels.confirm
        : labels.useSecurityKey;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
    >
      <DialogContent
        showCloseButton={false}
        className={className}
        data-slot="reauth-dialog"
        data-step={step}
        aria-busy={busy || undefined}
      >
        <DialogHeader>
          <DialogTitle>{labels.title}</DialogTitle>
          <DialogDescription>{intro}</DialogDescription>
        </DialogHeader>
        {/* A form, so Enter in the password field confirms like the button does. */}
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is portalled, but React passes its events to the screen's own form around it.
            event.stopPropagation();
            submit();
          }}
        >
          {offersPasskey ? (
            <>
              <Button type="button" disabled={busy} onClick={onUsePasskey} data-slot="reauth-passkey">
                {labels.usePasskey}
              </Button>
              <p className="flex items-center gap-3 text-muted-foreground text-sm before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
                {labels.or}
              </p>
            </>
          ) : null}
          {awaitsCode ? (
            <Button type="button" variant="outline" disabled={busy} onClick={onSendCode}>
              {labels.sendCode}
            </Button>
          ) : null}
          {step === 'first' && method === 'password' ? (
            <PasswordField
              label={labels.password}
              showLabel={labels.showPassword}
              hideLabel={labels.hidePassword}
              name="current-password"
              autoComplete="current-password"
              value={first}
              disabled={busy}
              onChange={(event) => setFirst(event.target.value)}
            />
          ) : null}
          {step === 'first' && method === 'otp' && !awaitsCode ? (
            <OtpInput
              label={labels.otp}
              digitLabel={labels.digit}
              value={first}
              onChange={setFirst}
              onComplete={(code) => !busy && onSubmitFirst(code)}
              disabled={busy}
              autoFocus
            />
          ) : null}
          {asksTotp ? (
            <OtpInput
              label={labels.totp}
              digitLabel={labels.digit}
              value={totp}
              onChange={setTotp}
              onComplete={(code) => !busy && onSubmitTotp(code)}
              disabled={busy}
              autoFocus
            />
          ) : null}
          {asksTotp && asksKey ? (
            <Button type="button" variant="outline" disabled={busy} onClick={onUseSecurityKey}>
              {labels.useSecurityKey}
            </Button>
          ) : null}
          {error ? <Alert tone="error">{error}</Alert> : null}
        </form>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{labels.cancel}</Button>
          </DialogClose>
          {awaitsCode ? null : (
            <Button loading={busy} onClick={submit}>
              {confirmLabel}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
