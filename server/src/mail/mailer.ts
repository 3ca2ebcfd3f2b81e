import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export type Mail = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly kind: 'outbox' | 'smtp';
}

/** Embedded mode: mail is kept in the database and printed to the log, so a developer can sign
 * in without a mail server. Never used when SMTP_URL is set. */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;
  constructor(private readonly db: Database) {}

  async send(mail: Mail) {
    await this.db
      .insert(mailOutbox)
      .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
    // Embedded development mode only: the outbox is how codes and links reach the developer.
    process.stdout.write(`\n── mail to ${mail.to}: ${mail.subject}\n${mail.text}\n──\n`);
  }
}
