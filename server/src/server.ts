import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { AccountViewCache } from './accounts/view-cache';
import { buildApp, loggerOptions } from './app';
import { AuditRetention, type AuditRetentionOptions } from './audit/retention';
import type { Config } from './config';
import type { Context } from './context';
import { openDatabase } from './db/client';
import { errorForLog } from './http/errors';
import { logDestination } from './log-destination';
import { type Delivery, LogDelivery, senderDomain } from './mail/delivery';
import { MailOutbox, type OutboxOptions } from './mail/outbox';
import { randomToken, Secrets } from './security/tokens';
import { MemoryStore } from './store/memory-store';
import type { RedisStore } from './store/redis-store';

export type Running = {
  app: FastifyInstance;
  ctx: Context;
  /** Resolves once the background work accepted so far (and any it started) has finished. */
  idle: () => Promise<void>;
  /** The audit log's partitions and retention, run on a timer while the node serves. */
  auditRetention: AuditRetention;
  close: () => Promise<void>;
};

/** The server secret: HELIOS_SECRET, or in embedded mode one made once and kept in the data
 * folder (never in the database it protects). */
function serverSecret(config: Config, dataDir: string | null): string {
  if (config.secret) return config.secret;
  if (!dataDir) return randomToken(32);
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) writeFileSync(file, randomToken(32), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export type StartOptions = {
  /** In-memory PGlite (tests): nothing is written to disk. */
  ephemeral?: boolean;
  now?: () => Date;
  logger?: FastifyBaseLogger;
  /** Where mail goes instead of SMTP or the log (tests catching mail in memory). */
  delivery?: Delivery;
  /** The outbox worker's timings (tests shorten them). */
  outbox?: Partial<OutboxOptions>;
  /** The audit maintenance job's timings and batch size. */
  auditRetention?: Partial<AuditRetentionOptions>;
};

/** Opens every dependency in the configured mode and builds the app (not yet listening). */
export async function createServer(config: Config, options: StartOptions = {}): Promise<Running> {
  const dataDir = options.ephemeral ? null : config.dataDir;
  const log =
    options.logger ??
    (pino(loggerOptions(config.logLevel) as pino.LoggerOptions, logDestination()) as unknown as FastifyBaseLogger);
  const database = await openDatabase({ url: config.databaseUrl, dataDir });
  let store: MemoryStore | RedisStore;
  // Redis and SMTP clients are loaded only when configured: an embedded node does without them.
  if (config.redisUrl) {
    const { RedisStore } = await import('./store/redis-store');
    const redis = new RedisStore(config.redisUrl, config.redisKeyPrefix);
    await redis.ready();
    store = redis;
  } else {
    store = new MemoryStore();
  }
  const delivery =
    options.delivery ??
    (config.smtpUrl
      ? new (await import('./mail/smtp-delivery')).SmtpDelivery(config.smtpUrl, config.mailFrom)
      : new LogDelivery());
  const secrets = new Secrets(serverSecret(config, dataDir));
  const now = options.now ?? (() => new Date());
  const outbox = new MailOutbox(
    { db: database.db, secrets, delivery, log, now, messageIdDomain: senderDomain(config.mailFrom) },
    options.outbox,
  );
  const pending = new Set<Promise<unknown>>();
  const ctx: Context = {
    config,
    db: database.db,
    store,
    outbox,
    secrets,
    accountViews: new AccountViewCache(database.db, store, {
      onMissedBroadcast: (error) =>
        log.warn({ err: errorForLog(error) }, 'account change not broadcast; other nodes catch up within a minute'),
    }),
    log,
    now,
    background: (name, work) => {
      const task = work()
        .catch((error: unknown) => log.error({ err: errorForLog(error), task: name }, 'background task failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
  };
  await ctx.accountViews.listen();
  const app = await buildApp(ctx);
  const auditRetention = new AuditRetention(
    { db: database.db, kind: database.kind, log, now, retentionDays: config.auditRetentionDays },
    options.auditRetention,
  );
  // Only a serving node delivers mail and maintains the audit log: the command line's one-off
  // commands open the same database and leave both alone.
  app.addHook('onListen', async () => {
    outbox.start();
    auditRetention.start();
  });
  return {
    app,
    ctx,
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    auditRetention,
    close: async () => {
      await app.close();
      // Work already accepted finishes before the connections close; mail being sent too.
      await Promise.allSettled([...pending]);
      await outbox.stop();
      await auditRetention.stop();
      await store.close();
      await database.close();
    },
  };
}

/** Lets SIGTERM / SIGINT finish in-flight requests and background work, then exit. */
export function closeOnSignals(running: Running) {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      running.ctx.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      running.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}
