import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

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
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  SMTP_URL: url(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().default('Helios <no-reply@helios.localhost>'),
  HELIOS_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  ALLOW_TOTP_REMEMBER: bool.default(true),
  RATE_LIMIT: bool.default(true),
  SEED_DEMO: bool.default(false),
  INSTANCE_API_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  INSTANCE_URL_TEMPLATE: z
    .string()
    .refine((value) => value.includes('{slug}'), { message: 'must contain {slug}' })
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value.replaceAll('{slug}', 'x')), {
      message: 'must be an http:// or https:// URL',
    })
    .default('https://{slug}.example.com'),
});

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  secret: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  trustProxy: boolean;
  allowTotpRemember: boolean;
  rateLimit: boolean;
  seedDemo: boolean;
  /** Bearer key instances use for /api/instance/*; those endpoints are off without it. */
  instanceApiKey: string | undefined;
  /** Address of a new tenant's instance when the admin gives none: `{slug}` is replaced. */
  instanceUrlTemplate: string;
  /** Serve over HTTPS semantics (Secure cookies, HSTS): true when PUBLIC_URL is https. */
  secure: boolean;
};

export class ConfigError extends Error {}

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
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secret: e.HELIOS_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    allowTotpRemember: e.ALLOW_TOTP_REMEMBER,
    rateLimit: e.RATE_LIMIT,
    seedDemo: e.SEED_DEMO,
    instanceApiKey: e.INSTANCE_API_KEY,
    instanceUrlTemplate: e.INSTANCE_URL_TEMPLATE,
    secure: publicUrl.startsWith('https:'),
  };
}
