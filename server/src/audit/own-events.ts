import type { SecurityEvent } from '@helios/api';

/** How far back the profile's list reaches. */
export const OWN_EVENTS_DAYS = 30;

const REGISTERED_TYPE: Record<string, string> = {
  'credential.password_created': 'password',
  'credential.totp_registered': 'totp',
  'credential.totp_merged': 'totp',
  'credential.webauthn_registered': 'webauthn',
  'credential.oidc_linked': 'oidc',
};

/** The address of an audit row as the account's holder may see it: their own (they acted) or that
 * of an attempt to sign in as them (no actor); never that of an admin, or of the instance server
 * that redeemed an admin's clavis, who acted on the account. */
export function ownIp(row: { actorAccountId: string | null; ip: string | null }, accountId: string): string | null {
  return row.actorAccountId === null || row.actorAccountId === accountId ? row.ip : null;
}

/** An audit row as its owner sees it: only what the sentence names is taken from its details. */
export function ownSecurityEvent(
  row: {
    id: number;
    at: Date;
    action: string;
    actorAccountId: string | null;
    ip: string | null;
    details: unknown;
  },
  accountId: string,
): SecurityEvent {
  const details = (row.details ?? {}) as Record<string, unknown>;
  const type = typeof details.type === 'string' ? details.type : REGISTERED_TYPE[row.action];
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    action: row.action,
    ip: ownIp(row, accountId),
    details: {
      ...(type ? { credential_type: type } : {}),
      ...(typeof details.provider === 'string' ? { provider: details.provider } : {}),
      ...(details.locked === true ? { locked: true } : {}),
      ...(row.action.startsWith('admin.') ? { by_admin: true } : {}),
    },
  };
}
