import { SmsInfo, type SmsKey, SmsSign, SystemSms } from '@helios/api';
import type { z } from 'zod';

const schemas = { system_sms: SystemSms, sms_info: SmsInfo, sms_sign: SmsSign } as const;

export type SmsValueResult = { ok: true; value: string } | { ok: false; problems: string[] };

/** Parses an SMS setting value (a JSON string, spec §3) with the contract's schema for its key.
 * The value kept is the normalised JSON: defaults filled in, unknown fields dropped. */
export function parseSmsValue(key: z.infer<typeof SmsKey>, raw: string): SmsValueResult {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, problems: [`value: not valid JSON (${key} takes a JSON object)`] };
  }
  const parsed = schemas[key].safeParse(json);
  if (!parsed.success)
    return { ok: false, problems: parsed.error.issues.map((i) => `value.${[key, ...i.path].join('.')}: ${i.message}`) };
  return { ok: true, value: JSON.stringify(parsed.data) };
}

/** Whether the system_sms setting switches SMS on; a missing or broken value means off. */
export function systemSmsEnabled(raw: string | undefined): boolean {
  if (raw === undefined) return false;
  const parsed = parseSmsValue('system_sms', raw);
  return parsed.ok && (JSON.parse(parsed.value) as { value: boolean }).value;
}
