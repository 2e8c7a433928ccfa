import type { Kysely } from 'kysely';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';
import type { Database } from '../../db/schema.ts';
import { statementShape } from '../../db/statement-shapes.ts';

/** The outbox's insert, built once (issue 27: every order mails). */
const outboxInsert = statementShape<{ to: string; subject: string; text: string; html: string | null }>()((db, value) =>
  db.insertInto('outbox').values({ to_address: value('to'), subject: value('subject'), body_text: value('text'), body_html: value('html') }),
);

/** Writes mail to the outbox table: what the outbox mail adapter is given, so the adapter needs no database types. */
export function outboxWriter(db: Kysely<Database>): (message: MailMessage) => Promise<void> {
  return async (message) => {
    await outboxInsert.execute(db, { to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
  };
}
