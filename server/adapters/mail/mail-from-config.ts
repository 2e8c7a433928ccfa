import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { MailSender } from './mail-port.ts';
import { OutboxMailSender } from './outbox-mail.ts';
import { SmtpMailSender } from './smtp-mail.ts';

/** SMTP when SMTP_URL is set, otherwise the outbox table (logging each mail through `log`). */
export function mailSenderFromConfig(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Kysely<Database>,
  log: (entry: { to: string; subject: string; text: string }) => void,
): MailSender {
  return config.smtpUrl ? new SmtpMailSender(config.smtpUrl, config.mailFrom) : new OutboxMailSender(db, log);
}
