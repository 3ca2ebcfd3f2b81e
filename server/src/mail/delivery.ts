/** A mail as it leaves: with the Message-ID its outbox row gives it, so a mail sent twice (a
 * node lost track of whether the mail server took it) reads as one message to receivers. */
export type OutgoingMail = { messageId: string; to: string; subject: string; text: string; html?: string };

/** Where the outbox worker hands mail over: the SMTP server, or the log in embedded mode. */
export interface Delivery {
  readonly kind: 'log' | 'smtp';
  /** Resolves once the mail was taken; throws when it was not (the worker tries again later). */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** Embedded mode (no SMTP_URL): each mail is printed to stdout, which is how a person running
 * Helios on their own machine reads the codes and links it sends. Never used with SMTP. */
export class LogDelivery implements Delivery {
  readonly kind = 'log' as const;

  async deliver(mail: OutgoingMail) {
    process.stdout.write(`\n── mail to ${mail.to}: ${mail.subject}\n${mail.text}\n──\n`);
  }

  async close() {}
}

/** A Message-ID made from the outbox row alone (its id and when it was written), the same on
 * every try and every node, and not reused by a later database whose ids start again. */
export function messageIdOf(row: { id: number; at: Date }, domain: string): string {
  return `<mail-${row.id}.${row.at.getTime().toString(36)}@${domain}>`;
}

/** The domain of the sender address (`Helios <no-reply@example.com>` → `example.com`). */
export function senderDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'helios.invalid';
}

/** True when a mail server refused the mail for good (a 5xx reply): trying again cannot help. */
export function refusedForGood(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What the log says of a failed try: codes only. A mail server's reply text can quote the
 * address or the message. */
export function deliveryErrorForLog(error: unknown) {
  const e = (error ?? {}) as { name?: unknown; code?: unknown; responseCode?: unknown; command?: unknown };
  return {
    type: typeof e.name === 'string' ? e.name : undefined,
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
    command: typeof e.command === 'string' ? e.command : undefined,
  };
}
