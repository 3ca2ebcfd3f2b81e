import type { PublicKeyOptions, ReauthStartResponse, ReauthVerifyRequest } from '@helios/api';
import { ReauthDialog, type ReauthStep } from '@helios/design-system';
import { type ReactElement, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api';
import { errorCode, errorKey } from '../lib/errors';
import { askForPasskey, passkeyErrorKey } from '../lib/passkeys';
import { stepAfterRefusal, withStepUp } from '../lib/step-up';
import { authenticateWithSecurityKey } from '../lib/webauthn';

type Open = {
  start: ReauthStartResponse;
  step: ReauthStep;
  /** The password or mailed code once given, sent again with the second factor. */
  first: string | null;
  error: string | null;
  busy: boolean;
};

export type StepUp = {
  /** Runs a call that changes how the person signs in; on `requires_recent_login` the dialog
   * asks them to confirm it is them, and the call runs again once they have. */
  run: <T>(action: () => Promise<T>) => Promise<T>;
  /** Opens the dialog; true once the person has re-authenticated, false when they cancel. */
  reauthenticate: () => Promise<boolean>;
  /** The dialog, to render once wherever the hook is used. */
  dialog: ReactElement;
};

/** Step-up for a screen: the re-authentication dialog and the calls it makes. */
export function useStepUp(): StepUp {
  const { t } = useTranslation();
  const api = useApi();
  const [open, setOpen] = useState<Open | null>(null);
  const settle = useRef<((done: boolean) => void) | null>(null);

  const finish = useCallback((done: boolean) => {
    setOpen(null);
    settle.current?.(done);
    settle.current = null;
  }, []);

  const reauthenticate = useCallback(
    () =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        // Which methods the account answers with; an account without a password is mailed a code now.
        api.call('reauthStart', { body: {} }).then(
          (start) => setOpen({ start, step: 'first', first: null, error: null, busy: false }),
          () => finish(false),
        );
      }),
    [api, finish],
  );

  const run = useCallback(<T,>(action: () => Promise<T>) => withStepUp(action, reauthenticate), [reauthenticate]);

  function firstFactorOf(start: ReauthStartResponse, value: string | null): ReauthVerifyRequest {
    if (value === null) return {};
    return start.method === 'password' ? { password: value } : { otp: value };
  }

  async function verify(current: Open, body: ReauthVerifyRequest) {
    setOpen({ ...current, busy: true, error: null });
    try {
      await api.call('reauthVerify', { body });
      finish(true);
    } catch (error) {
      // A security key's or passkey's challenge is used up by a try: ask for a new one for the next.
      // A code mailed before stays the one to type.
      const start =
        body.webauthn || body.passkey
          ? await api.call('reauthStart', { body: {} }).then(
              (next) => ({ ...next, code_sent: next.code_sent || current.start.code_sent }),
              () => current.start,
            )
          : current.start;
      const step = stepAfterRefusal(errorCode(error), current.step);
      setOpen({ ...current, start, step, busy: false, error: t(errorKey(error)) });
    }
  }

  async function answerWithSecurityKey(current: Open) {
    setOpen({ ...current, busy: true, error: null });
    let answer: NonNullable<ReauthVerifyRequest['webauthn']>;
    try {
      answer = await authenticateWithSecurityKey(current.start.webauthn as PublicKeyOptions);
    } catch (error) {
      setOpen({ ...current, busy: false, error: t(errorKey(error)) });
      return;
    }
    await verify(current, { ...firstFactorOf(current.start, current.first), webauthn: answer });
  }

  /** A passkey proves both factors at once: nothing typed before it counts. */
  async function answerWithPasskey(current: Open) {
    if (!current.start.passkey) return;
    setOpen({ ...current, busy: true, error: null });
    let answer: NonNullable<ReauthVerifyRequest['passkey']>;
    try {
      answer = await askForPasskey(current.start.passkey, false);
    } catch (error) {
      setOpen({ ...current, busy: false, error: t(passkeyErrorKey(error, errorKey)) });
      return;
    }
    await verify(current, { passkey: answer });
  }

  /** The code, mailed when the person asks for it (an account with a passkey is not mailed one
   * at the start). */
  async function sendCode(current: Open) {
    setOpen({ ...current, busy: true, error: null });
    try {
      const start = await api.call('reauthStart', { body: { send_code: true } });
      setOpen({ ...current, start, busy: false });
    } catch (error) {
      setOpen({ ...current, busy: false, error: t(errorKey(error)) });
    }
  }

  const dialog = (
    <ReauthDialog
      open={open !== null}
      step={open?.step ?? 'first'}
      method={open?.start.method ?? 'password'}
      secondFactors={open?.start.second_factors ?? []}
      error={open?.error ?? undefined}
      busy={open?.busy ?? false}
      onSubmitFirst={(value) => {
        if (!open) return;
        if (open.start.second_factors.length === 0) void verify(open, firstFactorOf(open.start, value));
        else setOpen({ ...open, first: value, step: 'second', error: null });
      }}
      onSubmitTotp={(code) => {
        if (open) void verify(open, { ...firstFactorOf(open.start, open.first), totp_code: code });
      }}
      onUseSecurityKey={() => {
        if (open) void answerWithSecurityKey(open);
      }}
      onUsePasskey={
        open?.start.passkey
          ? () => {
              if (open) void answerWithPasskey(open);
            }
          : undefined
      }
      codeSent={open ? open.start.method !== 'otp' || open.start.code_sent : true}
      onSendCode={() => {
        if (open) void sendCode(open);
      }}
      onCancel={() => finish(false)}
      labels={{
        title: t('reauth.title'),
        passwordIntro: t('reauth.passwordIntro'),
        otpIntro: t('reauth.otpIntro'),
        secondFactorIntro: t('reauth.secondFactorIntro'),
        password: t('login.passwordLabel'),
        showPassword: t('login.showPassword'),
        hidePassword: t('login.hidePassword'),
        otp: t('reauth.otpLabel'),
        totp: t('reauth.totpLabel'),
        digit: (index, count) => t('login.otpDigit', { index: index + 1, count }),
        continue: t('common.continue'),
        confirm: t('reauth.confirm'),
        useSecurityKey: t('reauth.useSecurityKey'),
        usePasskey: t('reauth.usePasskey'),
        or: t('reauth.or'),
        passkeyIntro: t('reauth.passkeyIntro'),
        sendCode: t('reauth.sendCode'),
        cancel: t('common.cancel'),
      }}
    />
  );

  return { run, reauthenticate, dialog };
}
