import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../context';
import {
  DEVICE_ACCOUNTS_MAX,
  DEVICE_TRUST_MS,
  encodeDeviceCookie,
  trustedEntry,
  validDeviceEntries,
} from '../security/device-cookie';
import { cookieOptions, DEVICE_COOKIE, requestCookies } from './portal-session';
import { cookieName } from './request-cookies';

/** The device id under which this browser is trusted for the account: from a device cookie with
 * a valid signature, not expired, naming this account. Null for any other browser. */
export function trustedDeviceOf(ctx: Context, request: FastifyRequest, accountId: string): string | null {
  const entries = validDeviceEntries(
    ctx.secrets,
    requestCookies(request)[cookieName(ctx.config, DEVICE_COOKIE)],
    ctx.now(),
  );
  return entries.find((entry) => entry.accountId === accountId)?.deviceId ?? null;
}

/** After a completed sign-in: the browser is trusted for the account for another year, under
 * the device id it already had for it. Its trust for other accounts is kept, up to a few. */
export function trustDevice(ctx: Context, request: FastifyRequest, reply: FastifyReply, accountId: string) {
  const now = ctx.now();
  const entries = validDeviceEntries(ctx.secrets, requestCookies(request)[cookieName(ctx.config, DEVICE_COOKIE)], now);
  const current = entries.find((entry) => entry.accountId === accountId);
  const others = entries.filter((entry) => entry.accountId !== accountId);
  const kept = [trustedEntry(accountId, now, current), ...others].slice(0, DEVICE_ACCOUNTS_MAX);
  reply.setCookie(
    cookieName(ctx.config, DEVICE_COOKIE),
    encodeDeviceCookie(ctx.secrets, kept),
    cookieOptions(ctx, DEVICE_TRUST_MS),
  );
}
