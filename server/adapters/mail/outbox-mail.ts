import type { MailMessage, MailSender } from './mail-port.ts';

/** Where the outbox keeps mail: the database's outbox table (server/services/platform/outbox.ts). */
export type OutboxWrite = (message: MailMessage) => Promise<void>;

/**
 * The no-setup default: mail is written to the outbox table and its text logged, so an operator running the store
 * on one machine (or a test) can read the reset link. The rows hold live links: this adapter is for development
 * and demos; production sets SMTP_URL.
 */
export class OutboxMailSender implements MailSender {
  constructor(
    private readonly write: OutboxWrite,
    private readonly log: (entry: { to: string; subject: string; text: string }) => void = () => undefined,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.write(message);
    this.log({ to: message.to, subject: message.subject, text: message.text });
  }
}
