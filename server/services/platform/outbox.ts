import type { Kysely } from 'kysely';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';
import type { Database } from '../../db/schema.ts';

/** Writes mail to the outbox table: what the outbox mail adapter is given, so the adapter needs no database types. */
export function outboxWriter(db: Kysely<Database>): (message: MailMessage) => Promise<void> {
  return async (message) => {
    await db
      .insertInto('outbox')
      .values({ to_address: message.to, subject: message.subject, body_text: message.text, body_html: message.html ?? null })
      .execute();
  };
}
