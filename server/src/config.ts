import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Names proxy-addr (Fastify's trust-proxy check) gives to address ranges: 127.0.0.0/8 and ::1;
 * 169.254.0.0/16 and fe80::/10; 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 and fc00::/7. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Which proxies to believe about the client's address (X-Forwarded-For) and protocol: none
 * (`false`); every one (`true`: the first address of the header counts, which a client writes
 * itself unless the load balancer replaces the header); or only those at the given addresses,
 * CIDR ranges or range names: then, reading from the nearest hop outwards, the first address
 * that is not one of them counts, whatever the client wrote before it.
 */
const trustProxy = z.string().transform((value, context): boolean | string[] => {
  const word = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  const entries = word.split(',').map((entry) => entry.trim());
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    return (
      PROXY_RANGE_NAMES.includes(entry) ||
      (isIP(address) !== 0 && rest.length === 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix)))
    );
  };
  if (entries.every(valid)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      "must be true, false, or the load balancers' addresses / CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated",
  });
  return z.NEVER;
});

/** A whole number of minutes, hours or days, at least 1. */
const count = z.coerce.number().int().min(1);

const url = (protocols: string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

/** Every setting comes from the environment; this schema is the one list of them (README
 * "Configuration" mirrors it). */
const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: url(['http', 'https']).optional(),
  /** Other host names (with `:port` where not the default) requests may name besides PUBLIC_URL's. */
  ALLOWED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, 'must be host names or host:port, comma-separated'),
      ),
    )
    .default([]),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1–64 letters, digits, or _ . : -')
    .default('helios:'),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('Helios <no-reply@helios.localhost>'),
  HELIOS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  ALLOW_TOTP_REMEMBER: bool.default(true),
  SESSION_IDLE_MINUTES: count.default(120),
  SESSION_MAX_HOURS: count.default(12),
  REMEMBER_IDLE_DAYS: count.default(7),
  REMEMBER_MAX_DAYS: count.default(30),
  ADMIN_IDLE_MINUTES: count.default(30),
  ADMIN_MAX_HOURS: count.default(8),
  RATE_LIMIT: bool.default(true),
  /** How recent a sign-in (or re-authentication) must be to change how one signs in. */
  STEP_UP_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** Audit rows older than this are removed (on PostgreSQL a month's rows once the whole month is). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
  SEED_DEMO: bool.default(false),
  INSTANCE_API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  INSTANCE_URL_TEMPLATE: z
    .string()
    .refine((value) => value.includes('{slug}'), { message: 'must contain {slug}' })
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value.replaceAll('{slug}', 'x')), {
      message: 'must be an http:// or https:// URL',
    })
    .default('https://{slug}.example.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: url(['https', 'http']).default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** common (any account), organizations (work and school accounts) or one directory's id. */
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'must be common, organizations or a directory id')
    .default('common'),
  MICROSOFT_ISSUER: url(['https', 'http']).optional(),
  OIDC_ISSUER: url(['https', 'http']).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_NAME: z.string().min(1).max(60).default('Single sign-on'),
  /** Email domains whose people sign in with the OIDC provider automatically. */
  OIDC_EMAIL_DOMAINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'must be email domains, comma-separated')))
    .default([]),
});

export type FederatedProviderId = 'google' | 'microsoft' | 'oidc';

/** A configured identity provider people can sign in with (relying-party side). */
export type FederatedProviderConfig = {
  id: FederatedProviderId;
  /** What people see ("Google", "Microsoft", or OIDC_NAME). */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Email domains that sign in with this provider automatically (the generic provider only). */
  emailDomains: string[];
};

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  /** Hosts besides PUBLIC_URL's that requests may name (ALLOWED_HOSTS; without PUBLIC_URL also
   * the loopback names at PORT). Every other host is refused. */
  allowedHosts: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Put before every Redis key and pub/sub channel: deployments sharing one Redis each set their own. */
  redisKeyPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** Fastify's `trustProxy`: see TRUST_PROXY above. */
  trustProxy: boolean | string[];
  allowTotpRemember: boolean;
  /** Portal session lifetimes by kind (docs/server.md, "Sessions"). */
  sessions: Record<SessionKind, SessionLimits>;
  rateLimit: boolean;
  /** Changes to sign-in methods need a sign-in or re-authentication this recent (STEP_UP_MINUTES). */
  stepUpMs: number;
  /** Days audit rows are kept (AUDIT_RETENTION_DAYS; audit/retention.ts). */
  auditRetentionDays: number;
  seedDemo: boolean;
  /** Bearer key instances use for /api/instance/*; those endpoints are off without it. */
  instanceApiKey: string | undefined;
  /** Address of a new tenant's instance when the admin gives none: `{slug}` is replaced. */
  instanceUrlTemplate: string;
  /** Google, Microsoft and the generic OIDC provider, each only when configured. */
  providers: FederatedProviderConfig[];
  /** Serve over HTTPS semantics (Secure cookies, HSTS): true when PUBLIC_URL is https. */
  secure: boolean;
};

/** How long a portal session lives: it ends after `idleMs` without a request, and after
 * `absoluteMs` from sign-in whatever happens. */
export type SessionLimits = { idleMs: number; absoluteMs: number };

/** A browser session, one with "remember me", and one of a platform admin (never remembered). */
export type SessionKind = 'browser' | 'remembered' | 'admin';

export class ConfigError extends Error {}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.HELIOS_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  HELIOS_SECRET: required with DATABASE_URL (the same value on every node; at least 32 characters)',
    );
  }
  const providers: FederatedProviderConfig[] = [];
  const pairs = [
    ['GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET],
    ['MICROSOFT', e.MICROSOFT_CLIENT_ID, e.MICROSOFT_CLIENT_SECRET],
    ['OIDC', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET],
  ] as const;
  const missing = pairs.flatMap(([name, id, secret]) =>
    (id ? 1 : 0) + (secret ? 1 : 0) === 1 ? [`  ${name}_CLIENT_ID / ${name}_CLIENT_SECRET: set both or neither`] : [],
  );
  if (e.OIDC_CLIENT_ID && !e.OIDC_ISSUER) missing.push('  OIDC_ISSUER: required with OIDC_CLIENT_ID');
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    providers.push({
      id: 'google',
      name: 'Google',
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      emailDomains: [],
    });
  }
  if (e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET) {
    providers.push({
      id: 'microsoft',
      name: 'Microsoft',
      issuer: e.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0`,
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: e.MICROSOFT_CLIENT_SECRET,
      emailDomains: [],
    });
  }
  if (e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    providers.push({
      id: 'oidc',
      name: e.OIDC_NAME,
      issuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
      emailDomains: e.OIDC_EMAIL_DOMAINS,
    });
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  // Without a public address the server is reached on this machine, by any of its loopback names.
  const loopback = e.PUBLIC_URL ? [] : ['127.0.0.1', '[::1]'].map((name) => `${name}:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    allowedHosts: [...e.ALLOWED_HOSTS, ...loopback],
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secret: e.HELIOS_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    allowTotpRemember: e.ALLOW_TOTP_REMEMBER,
    sessions: {
      browser: { idleMs: e.SESSION_IDLE_MINUTES * MINUTE, absoluteMs: e.SESSION_MAX_HOURS * HOUR },
      remembered: { idleMs: e.REMEMBER_IDLE_DAYS * DAY, absoluteMs: e.REMEMBER_MAX_DAYS * DAY },
      admin: { idleMs: e.ADMIN_IDLE_MINUTES * MINUTE, absoluteMs: e.ADMIN_MAX_HOURS * HOUR },
    },
    rateLimit: e.RATE_LIMIT,
    stepUpMs: e.STEP_UP_MINUTES * 60_000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    seedDemo: e.SEED_DEMO,
    instanceApiKey: e.INSTANCE_API_KEY,
    instanceUrlTemplate: e.INSTANCE_URL_TEMPLATE,
    providers,
    secure: publicUrl.startsWith('https:'),
  };
}
