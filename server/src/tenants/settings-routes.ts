import { AdminErrorCode, adminRoutes, ErrorCode, SmsKey } from '@helios/api';
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AdminAuditEntry, adminAuditRow, auditAdmin } from '../admin/audit';
import type { Context } from '../context';
import { tenantSettings } from '../db/schema';
import { type AdminCall, registerAdmin, registerInstance } from '../http/auth';
import { errors, HttpError } from '../http/errors';
import { parseSmsValue } from '../sms/values';
import { tenantOr404 } from './queries';
import { addSmsCredits, saveTenantSetting } from './repository';
import type { SettingsCache } from './settings-cache';

const SMS_KEYS: string[] = SmsKey.options;

/** Tenant settings, SMS settings and credits (admin), the cache tool, and the instances' read. */
export function registerSettingsRoutes(app: FastifyInstance, ctx: Context, cache: SettingsCache) {
  /** Writes a setting and its audit row together; the cache is told once both are committed. */
  async function upsert(call: AdminCall, tenantId: string, key: string, value: string, entry: AdminAuditEntry) {
    await saveTenantSetting(ctx, { tenantId, key, value }, adminAuditRow(call, entry));
    await cache.changed();
  }

  registerAdmin(app, ctx, adminRoutes.tenantSettings, async ({ params }) => {
    await tenantOr404(ctx, params.tenantId);
    return ctx.db
      .select({ key: tenantSettings.key, value: tenantSettings.value })
      .from(tenantSettings)
      .where(and(eq(tenantSettings.tenantId, params.tenantId), notInArray(tenantSettings.key, SMS_KEYS)))
      .orderBy(asc(tenantSettings.key));
  });

  registerAdmin(app, ctx, adminRoutes.setTenantSetting, async ({ params, body }, call) => {
    await tenantOr404(ctx, params.tenantId);
    // SMS values have rules of their own; they are only written through the SMS call.
    if (SMS_KEYS.includes(body.key))
      throw new HttpError(
        422,
        ErrorCode.validation,
        `body.key: ${body.key} is an SMS setting; use the SMS settings call`,
      );
    // Setting values may hold integration keys: the audit names the key only.
    await upsert(call, params.tenantId, body.key, body.value, {
      action: 'setting.set',
      target: { type: 'tenant', id: params.tenantId },
      details: { key: body.key },
    });
    return { tenant_id: params.tenantId, key: body.key, value: body.value };
  });

  registerAdmin(app, ctx, adminRoutes.smsSettings, async ({ params }) => {
    await tenantOr404(ctx, params.tenantId);
    return ctx.db
      .select({ key: tenantSettings.key, value: tenantSettings.value })
      .from(tenantSettings)
      .where(and(eq(tenantSettings.tenantId, params.tenantId), inArray(tenantSettings.key, SMS_KEYS)))
      .orderBy(asc(tenantSettings.key));
  });

  registerAdmin(app, ctx, adminRoutes.setSmsSetting, async ({ params, body }, call) => {
    await tenantOr404(ctx, params.tenantId);
    const parsed = parseSmsValue(body.key, body.value);
    if (!parsed.ok)
      throw new HttpError(
        422,
        ErrorCode.validation,
        'Invalid SMS setting',
        {},
        parsed.problems.map((msg) => ({ type: ErrorCode.validation, msg })),
      );
    await upsert(call, params.tenantId, body.key, parsed.value, {
      action: 'sms.setting_set',
      target: { type: 'tenant', id: params.tenantId },
      details: { key: body.key, value: JSON.parse(parsed.value) },
    });
    return { key: body.key, value: parsed.value };
  });

  registerAdmin(app, ctx, adminRoutes.smsCredits, async ({ params }) => {
    return (await tenantOr404(ctx, params.tenantId)).smsCredits;
  });

  registerAdmin(app, ctx, adminRoutes.addSmsCredits, async ({ params, body }, call) => {
    let total: number | null;
    try {
      total = await addSmsCredits(ctx, params.tenantId, body.credits, (credits) =>
        adminAuditRow(call, {
          action: 'sms.credits_added',
          target: { type: 'tenant', id: params.tenantId },
          details: { added: body.credits, total: credits },
        }),
      );
    } catch (error) {
      if (sqlState(error) === '22003')
        throw new HttpError(422, ErrorCode.validation, 'body.credits: the total would be out of range');
      throw error;
    }
    if (total === null) {
      await tenantOr404(ctx, params.tenantId);
      throw new HttpError(409, AdminErrorCode.creditsBelowZero, 'Credits cannot go below zero');
    }
    return total;
  });

  registerAdmin(app, ctx, adminRoutes.clearSettingsCache, async (_, call) => {
    await cache.clearEverywhere();
    await auditAdmin(ctx, call, 'settings_cache.cleared', null);
    return undefined;
  });

  registerInstance(app, ctx, adminRoutes.instanceSettings, async ({ params }) => {
    const settings = await cache.get(params.slug);
    if (!settings) throw errors.notFound('No such tenant');
    return settings;
  });
}

function sqlState(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code ?? e?.cause?.code;
}
