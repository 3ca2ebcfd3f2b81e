import type { KeyValue } from '@helios/api';

/** A tenant's SMS settings as the SMS box shows them. */
export type SmsSettings = {
  /** Whether SMS is switched on for the tenant (system_sms). */
  enabled: boolean;
  /** Sender name shown on the phone. */
  sender?: string;
  /** First low-credit warning level. */
  warning1?: number | null;
  /** Second low-credit warning level. */
  warning2?: number | null;
  /** Whether sending is paused. */
  paused: boolean;
  /** Whether the tenant has been warned about low credits. */
  warned: boolean;
  /** Name of the person who signed the SMS agreement; missing while waiting for it. */
  signature?: string | null;
  /** When SMS deactivates, as an ISO timestamp. */
  deactivatesAt?: string | null;
};

/** The SMS keys (spec §3); each value is a JSON string. */
export const SMS_KEYS = { enabled: 'system_sms', info: 'sms_info', signature: 'sms_sign' } as const;
/** Longest sender name a phone shows (the contract allows 11 characters). */
export const SENDER_MAX_LENGTH = 11;

/** sms_info as stored: `{"sender":"…","warning_1":100,"warning_2":10,"paused":false,"warned":false}`. */
export type SmsInfo = {
  sender: string;
  warning_1: number | null;
  warning_2: number | null;
  paused: boolean;
  warned: boolean;
};

type JsonObject = Record<string, unknown>;

function parseObject(text: string | undefined): JsonObject {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
  } catch {
    return {};
  }
}

const storedValue = (list: readonly KeyValue[], key: string) => list.find((entry) => entry.key === key)?.value;
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Reads the stored info leniently: a missing or malformed value gives the defaults. The raw
 * object is kept, so fields this console does not know survive a save. */
function readInfo(list: readonly KeyValue[]): { info: SmsInfo; raw: JsonObject } {
  const raw = parseObject(storedValue(list, SMS_KEYS.info));
  return {
    raw,
    info: {
      sender: typeof raw.sender === 'string' ? raw.sender : '',
      warning_1: numberOrNull(raw.warning_1),
      warning_2: numberOrNull(raw.warning_2),
      paused: raw.paused === true,
      warned: raw.warned === true,
    },
  };
}

/** The SMS box's view of a tenant's SMS settings; a missing sms_sign means "Waiting for signature". */
export function smsPanelSettings(list: readonly KeyValue[], deactivatesAt: string | null): SmsSettings {
  const { info } = readInfo(list);
  const sign = parseObject(storedValue(list, SMS_KEYS.signature));
  return {
    enabled: parseObject(storedValue(list, SMS_KEYS.enabled)).value === true,
    sender: info.sender,
    warning1: info.warning_1,
    warning2: info.warning_2,
    paused: info.paused,
    warned: info.warned,
    signature: typeof sign.name === 'string' && sign.name !== '' ? sign.name : null,
    deactivatesAt,
  };
}

/** The system_sms value that switches SMS on or off. */
export function systemSmsValue(enabled: boolean): string {
  return JSON.stringify({ value: enabled });
}

/** The sms_info value with some fields changed and everything else kept as stored. */
export function smsInfoValue(list: readonly KeyValue[], change: Partial<SmsInfo>): string {
  const { info, raw } = readInfo(list);
  return JSON.stringify({ ...raw, ...info, ...change });
}

/** Puts a saved setting into the list (replacing the one with the same key). */
export function withSetting(list: readonly KeyValue[], saved: KeyValue): KeyValue[] {
  const others = list.filter((entry) => entry.key !== saved.key);
  return [...others, saved];
}

/**
 * Credits are edited as an absolute number, but the contract only adds credits (POST with
 * `{credits}` answers the new total). Setting N therefore adds N − current, which may be
 * negative. Decision: this keeps one write path and an audit trail of additions on the server.
 */
export function creditsChange(current: number, wanted: number): number {
  return wanted - current;
}
