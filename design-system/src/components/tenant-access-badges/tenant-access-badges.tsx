import type * as React from 'react';
import { cn } from '../../lib/cn';
import { badgeVariants } from '../badge/badge';

/** A tenant an account can reach. */
export type TenantAccess = {
  id: string;
  slug: string;
  name: string;
  /** Inactive tenants cannot be logged in to. */
  active: boolean;
};

export type TenantAccessBadgesProps = Omit<React.ComponentProps<'ul'>, 'children'> & {
  /** The tenants of one account. */
  access: readonly TenantAccess[];
  /** Logs in as the account into an active tenant; makes each active badge a button. */
  onLoginAs?: (tenant: TenantAccess) => void;
  /** Accessible name of a login-as button, given the tenant name; the slug is added to it. */
  loginAsLabel?: (name: string) => string;
  /** Word announced after an inactive tenant's slug. */
  inactiveLabel?: string;
};

/** One badge per tenant an account has access to; active ones can log the admin in as the account. */
export function TenantAccessBadges({
  access,
  onLoginAs,
  loginAsLabel = (name) => `Log in to ${name}`,
  inactiveLabel = 'inactive',
  className,
  ...props
}: TenantAccessBadgesProps) {
  return (
    <ul data-slot="tenant-access-badges" className={cn('flex flex-wrap items-center gap-1.5', className)} {...props}>
      {access.map((tenant) => (
        <li key={tenant.id} data-slot="tenant-access-item">
          {tenant.active && onLoginAs ? (
            <button
              data-slot="tenant-access-login"
              type="button"
              // The visible slug stays part of the name, so speech users can say what they see.
              aria-label={`${loginAsLabel(tenant.name)}: ${tenant.slug}`}
              title={loginAsLabel(tenant.name)}
              onClick={() => onLoginAs(tenant)}
              className={cn(
                badgeVariants({ tone: 'primary' }),
                'focus-ring cursor-pointer hover:bg-primary/85 hover:underline',
              )}
            >
              <LoginIcon />
              {tenant.slug}
            </button>
          ) : (
            <span
              data-slot="tenant-access-badge"
              data-active={tenant.active}
              title={tenant.name}
              className={cn(
                badgeVariants({ tone: tenant.active ? 'primary' : 'neutral' }),
                !tenant.active && 'border border-border border-dashed bg-muted text-muted-foreground line-through',
              )}
            >
              {tenant.slug}
              {tenant.active ? null : <span className="sr-only"> ({inactiveLabel})</span>}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function LoginIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3" />
    </svg>
  );
}
