import { createTransport, type Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './mail-port.ts';

/** Production mail through any SMTP server (SMTP_URL, e.g. smtps://user:password@smtp.example.com:465). */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Short timeouts: mail goes out after the reply, but a hung server must not pile up sockets.
    this.transport = createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
    });
  }

  close(): void {
    this.transport.close();
  }
}
