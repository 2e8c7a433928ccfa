/** One outgoing mail. Plain text always (every client reads it); HTML optional. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** The mail port: the outbox table by default, SMTP in production. Rejects when the mail was not accepted. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
