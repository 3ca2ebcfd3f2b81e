import type { FastifyBaseLogger } from 'fastify';
import type { AccountViewCache } from './accounts/view-cache';
import type { Config } from './config';
import type { Database } from './db/client';
import type { MailOutbox } from './mail/outbox';
import type { Secrets } from './security/tokens';
import type { Store } from './store/store';

/** Everything a route or service needs, built once at start. */
export type Context = {
  config: Config;
  db: Database;
  store: Store;
  /** Every mail goes through here: written with the change it tells of, delivered by a worker. */
  outbox: MailOutbox;
  secrets: Secrets;
  /** The public view of signed-in accounts, cached per node; writers call `changed(id)`. */
  accountViews: AccountViewCache;
  log: FastifyBaseLogger;
  /** The clock; replaced in tests that need time to pass. */
  now: () => Date;
  /** Runs work after the answer is sent, logging failures instead of losing them silently. */
  background: (name: string, work: () => Promise<unknown>) => void;
};
