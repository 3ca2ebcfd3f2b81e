import { auditAdmin } from '../admin/audit';
import type { Context } from '../context';
import type { AdminCall } from '../http/auth';
import { issueClavis } from './clavis';

export type LoginAsKind = 'tenant_admin' | 'tenant_user' | 'account';

/** The `{ url }` answer of the three "log in as" calls: a clavis link into the tenant's instance
 * for `accountId`, audited as the admin acting as that account. */
export async function loginAsLink(
  ctx: Context,
  call: AdminCall,
  tenant: { id: string; url: string },
  accountId: string,
  kind: LoginAsKind,
): Promise<{ url: string }> {
  const url = await issueClavis(ctx, tenant, accountId, call.admin.id);
  await auditAdmin(ctx, call, 'login_as', { type: 'account', id: accountId }, { kind, tenant_id: tenant.id });
  return { url };
}
