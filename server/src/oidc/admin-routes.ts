import { adminRoutes } from '@helios/api';
import type { FastifyInstance } from 'fastify';
import { adminAuditRow } from '../admin/audit';
import type { Context } from '../context';
import { registerAdmin } from '../http/auth';
import { tenantOr404 } from '../tenants/queries';
import { instanceClient, rotateAuditedClientSecret, updateInstanceRedirectUris } from './clients';

/** Admin calls on a tenant instance's OpenID Connect client. The secret leaves the server only
 * in the answer to a rotation, once. */
export function registerOidcClientAdminRoutes(app: FastifyInstance, ctx: Context) {
  registerAdmin(app, ctx, adminRoutes.tenantOidcClient, async ({ params }) =>
    instanceClient(ctx, await tenantOr404(ctx, params.tenantId)),
  );

  registerAdmin(app, ctx, adminRoutes.updateTenantOidcClient, async ({ params, body }, call) => {
    const tenant = await tenantOr404(ctx, params.tenantId);
    return updateInstanceRedirectUris(ctx, tenant, body, (client) =>
      adminAuditRow(call, {
        action: 'tenant.oidc_client_updated',
        target: { type: 'tenant', id: tenant.id },
        details: {
          redirect_uris: client.redirect_uris,
          post_logout_redirect_uris: client.post_logout_redirect_uris,
          backchannel_logout_uri: client.backchannel_logout_uri,
        },
      }),
    );
  });

  registerAdmin(app, ctx, adminRoutes.rotateTenantOidcSecret, async ({ params }, call) => {
    const tenant = await tenantOr404(ctx, params.tenantId);
    const { client_id } = await instanceClient(ctx, tenant);
    const client_secret = await rotateAuditedClientSecret(
      ctx,
      client_id,
      adminAuditRow(call, {
        action: 'tenant.oidc_secret_rotated',
        target: { type: 'tenant', id: tenant.id },
        details: { client_id },
      }),
    );
    return { client_id, client_secret };
  });
}
