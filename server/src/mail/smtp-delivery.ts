import nodemailer, { type Transporter } from 'nodemailer';
import type { Delivery, OutgoingMail } from './delivery';

/** Limits on one SMTP conversation, well inside the outbox lease (`OUTBOX_DEFAULTS.leaseMs`), so
 * a hanging mail server makes a try fail rather than let another node send the mail too. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** Mail over SMTP (`SMTP_URL`); loaded only when it is configured. */
export class SmtpDelivery implements Delivery {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  }

  async deliver(mail: OutgoingMail) {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      messageId: mail.messageId,
    });
  }

  async close() {
    this.transport.close();
  }
}
