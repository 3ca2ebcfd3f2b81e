import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { errorForLog } from '../http/errors';
import type { Secrets } from '../security/tokens';
import { type Delivery, deliveryErrorForLog, messageIdOf, refusedForGood } from './delivery';
import { type RetryPolicy, retryDelay } from './retry';
import type { Mail } from './templates';

export type OutboxOptions = {
  /** How often a node looks for mail due without being nudged: mail a stopped or killed node
   * left, mail whose retry is due, mail written on a node that could not send it. */
  pollMs: number;
  /** How long a taken mail is left to the node that took it before another node may take it:
   * longer than one SMTP conversation may last (`SMTP_TIMEOUTS` in `smtp-delivery.ts`). */
  leaseMs: number;
  /** Mails taken at once and sent side by side. */
  batch: number;
  retry: RetryPolicy;
};

export const OUTBOX_DEFAULTS: OutboxOptions = {
  pollMs: 5_000,
  leaseMs: 2 * 60_000,
  batch: 5,
  retry: { firstMs: 5_000, maxMs: 5 * 60_000 },
};

type Row = typeof mailOutbox.$inferSelect;
type Sealed = { text: string; html?: string };

/**
 * The durable outbox and its delivery worker. A mail is a row written in the transaction of the
 * change it tells of; the worker of each node takes rows that are due (`FOR UPDATE SKIP LOCKED`,
 * so two nodes never take the same row at once) for a lease, hands them to the delivery and
 * marks them sent. A failed try is retried with backoff until the mail's expiry, when it is
 * dropped. A node that dies while holding a mail leaves it to whichever node takes it once the
 * lease has run out; sent again then, it keeps its Message-ID.
 */
export class MailOutbox {
  private readonly options: OutboxOptions;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private nudged = false;

  constructor(
    private readonly deps: {
      db: Database;
      secrets: Secrets;
      delivery: Delivery;
      log: FastifyBaseLogger;
      now: () => Date;
      /** The domain of Message-IDs: the sender address's. */
      messageIdDomain: string;
    },
    options: Partial<OutboxOptions> = {},
  ) {
    this.options = { ...OUTBOX_DEFAULTS, ...options };
  }

  /** Writes a mail with `db`: the transaction of the change the mail tells of, so that both or
   * neither are kept. Nudge the worker (`nudge`) once that transaction has committed. */
  async add(db: Pick<Database, 'insert'>, mail: Mail): Promise<void> {
    const now = this.deps.now();
    const body: Sealed = { text: mail.text, html: mail.html };
    await db.insert(mailOutbox).values({
      at: now,
      toAddress: mail.to,
      subject: mail.subject,
      kind: mail.kind,
      bodySealed: this.deps.secrets.seal(JSON.stringify(body)),
      dueAt: now,
      expiresAt: new Date(now.getTime() + mail.validForMs),
    });
  }

  /** Runs `work` in one transaction in which it writes its changes and its mail (`queue`), and
   * nudges the worker once it has committed. */
  async transaction<T>(work: (tx: Database, queue: (mail: Mail) => Promise<void>) => Promise<T>): Promise<T> {
    const result = await inTransaction(this.deps.db, (tx) => work(tx, (mail) => this.add(tx, mail)));
    this.nudge();
    return result;
  }

  /** A mail that is the only database write of its cause (a sign-in code, already in the
   * store): written, and the worker nudged. */
  async send(mail: Mail): Promise<void> {
    await this.add(this.deps.db, mail);
    this.nudge();
  }

  /** Starts delivering: what is due now, then on every nudge and poll. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.nudge();
  }

  /** Delivers what is due now rather than at the next poll (a mail was just committed). */
  nudge(): void {
    if (!this.started || this.stopped) return;
    if (this.running) {
      this.nudged = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.stopped) return;
      this.timer = setTimeout(() => this.nudge(), this.options.pollMs);
      this.timer.unref();
    });
  }

  /** Stops taking mail, lets the mail being sent finish, and closes the delivery. What is left
   * is sent by another node, or by this one after a restart. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.deps.delivery.close();
  }

  private async drain(): Promise<void> {
    do {
      this.nudged = false;
      let taken: Row[];
      do {
        try {
          taken = await this.take();
        } catch (error) {
          this.deps.log.warn({ err: errorForLog(error) }, 'mail outbox unreachable; trying again at the next poll');
          return;
        }
        await Promise.all(taken.map((row) => this.deliver(row)));
      } while (taken.length === this.options.batch && !this.stopped);
    } while (this.nudged && !this.stopped);
  }

  /** Takes the mail that is due for one lease: rows another worker holds are skipped, not
   * waited for, and taking counts as an attempt. */
  private async take(): Promise<Row[]> {
    const { db, now } = this.deps;
    const at = now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.dueAt, at)))
      .orderBy(asc(mailOutbox.dueAt))
      .limit(this.options.batch)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ dueAt: new Date(at.getTime() + this.options.leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(row: Row): Promise<void> {
    const about = { id: row.id, kind: row.kind, domain: row.toAddress.split('@').pop() };
    try {
      const now = this.deps.now();
      if (row.expiresAt <= now) return await this.drop(row, about, 'expired');
      let body: Sealed;
      try {
        body = JSON.parse(this.deps.secrets.open(row.bodySealed ?? '')) as Sealed;
      } catch {
        return await this.drop(row, about, 'unreadable');
      }
      try {
        await this.deps.delivery.deliver({
          messageId: messageIdOf(row, this.deps.messageIdDomain),
          to: row.toAddress,
          subject: row.subject,
          text: body.text,
          html: body.html,
        });
      } catch (error) {
        if (refusedForGood(error)) return await this.drop(row, about, 'refused', error);
        const failedAt = this.deps.now().getTime();
        const retryAt = Math.min(failedAt + retryDelay(row.attempts, this.options.retry), row.expiresAt.getTime());
        const code = deliveryErrorForLog(error);
        await this.settle(row, {
          dueAt: new Date(retryAt),
          lastError: String(code.responseCode ?? code.code ?? 'failed'),
        });
        this.deps.log.warn(
          { mail: about, attempt: row.attempts, err: code, retryInMs: retryAt - failedAt },
          'mail not delivered; trying again later',
        );
        return;
      }
      await this.settle(row, { state: 'sent', doneAt: this.deps.now(), bodySealed: null, lastError: null });
      this.deps.log.info({ mail: about, attempt: row.attempts }, 'mail delivered');
    } catch (error) {
      // The database went away between taking and settling: the lease runs out and the mail is
      // taken again, under the same Message-ID.
      this.deps.log.warn({ mail: about, err: errorForLog(error) }, 'mail outcome not recorded');
    }
  }

  private async drop(row: Row, about: object, reason: 'expired' | 'unreadable' | 'refused', error?: unknown) {
    await this.settle(row, { state: 'dropped', doneAt: this.deps.now(), bodySealed: null, lastError: reason });
    this.deps.log.error(
      { mail: about, attempts: row.attempts, reason, ...(error ? { err: deliveryErrorForLog(error) } : {}) },
      reason === 'expired' ? 'mail dropped: not delivered before it expired' : 'mail dropped: it cannot be delivered',
    );
  }

  /** Records the outcome of the attempt `row` was taken for, unless another worker has taken
   * the mail since (this worker's lease ran out). */
  private async settle(row: Row, change: Partial<typeof mailOutbox.$inferInsert>) {
    await this.deps.db
      .update(mailOutbox)
      .set(change)
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), eq(mailOutbox.state, 'pending')));
  }
}
