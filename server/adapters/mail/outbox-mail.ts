import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MailMessage, MailSender } from './mail-port.ts';

/**
 * The no-setup default: mail is written to the outbox table and its text logged, so an operator running the store
 * on one machine (or a test) can read the reset link. The rows hold live links: this adapter is for development
 * and demos; production sets SMTP_URL.
 */
export class OutboxMailSender implements MailSender {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: (entry: { to: string; subject: string; text: string }) => void = () => undefined,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db
      .insertInto('outbox')
      .values({ to_address: message.to, subject: message.subject, body_text: message.text, body_html: message.html ?? null })
      .execute();
    this.log({ to: message.to, subject: message.subject, text: message.text });
  }
}
