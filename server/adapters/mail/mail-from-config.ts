import type { Config } from '../../config.ts';
import type { MailSender } from './mail-port.ts';
import { OutboxMailSender, type OutboxWrite } from './outbox-mail.ts';
import { SmtpMailSender } from './smtp-mail.ts';

/** SMTP when SMTP_URL is set, otherwise the outbox table (logging each mail through `log`). */
export function mailSenderFromConfig(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  writeOutbox: OutboxWrite,
  log: (entry: { to: string; subject: string; text: string }) => void,
): MailSender {
  return config.smtpUrl ? new SmtpMailSender(config.smtpUrl, config.mailFrom) : new OutboxMailSender(writeOutbox, log);
}
