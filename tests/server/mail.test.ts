import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config.ts';
import { mailSenderFromConfig } from '../../server/adapters/mail/mail-from-config.ts';
import type { MailSender } from '../../server/adapters/mail/mail-port.ts';
import { OutboxMailSender } from '../../server/adapters/mail/outbox-mail.ts';
import { outboxWriter } from '../../server/services/platform/outbox.ts';
import { SmtpMailSender } from '../../server/adapters/mail/smtp-mail.ts';
import { eventually, generousLimits, post, register } from './account-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
  user: string | undefined;
}

/** An in-process SMTP server on a free loopback port that keeps what it receives. */
async function startSmtp(): Promise<{ url: (auth?: string) => string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'store' && auth.password === 's3cret') callback(null, { user: 'store' });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@refused.example')) callback(new Error('Mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from === false ? '' : from.address,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  const net = server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => net.once('listening', () => resolve()));
  const { port } = net.address() as AddressInfo;
  return {
    url: (auth) => `smtp://${auth ? `${auth}@` : ''}127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body as a mail client shows it: quoted-printable soft breaks and =XX escapes undone. */
function decoded(raw: string | undefined): string {
  return (raw ?? '').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ seed: false, rateLimits: generousLimits });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const message = { to: 'ann@example.com', subject: 'Reset your password', text: 'Open https://shop.example.com/x?token=abc' };

describe('outbox mail (the default)', () => {
  it('writes the mail to the outbox table and logs it', async () => {
    const logged: unknown[] = [];
    await new OutboxMailSender(outboxWriter(t.database.db), (entry) => logged.push(entry)).send({ ...message, html: '<p>hi</p>' });
    const rows = await t.database.db.selectFrom('outbox').selectAll().where('to_address', '=', 'ann@example.com').execute();
    expect(rows).toMatchObject([{ subject: message.subject, body_text: message.text, body_html: '<p>hi</p>' }]);
    expect(logged).toEqual([{ to: message.to, subject: message.subject, text: message.text }]);
  });
});

describe('SMTP mail', () => {
  it('delivers through an SMTP server, signing in with the URL credentials', async () => {
    const sender = new SmtpMailSender(smtp.url('store:s3cret'), 'Meat & Fish Store <no-reply@store.example>');
    try {
      await sender.send(message);
    } finally {
      sender.close();
    }
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'no-reply@store.example', to: ['ann@example.com'], user: 'store' });
    expect(mail?.raw).toContain('Subject: Reset your password');
    expect(decoded(mail?.raw)).toContain('https://shop.example.com/x?token=abc');
  });

  it('rejects when the server refuses the mail or the credentials', async () => {
    const sender = new SmtpMailSender(smtp.url(), 'no-reply@store.example');
    const badLogin = new SmtpMailSender(smtp.url('store:wrong'), 'no-reply@store.example');
    try {
      await expect(sender.send({ ...message, to: 'x@refused.example' })).rejects.toThrow(/Mailbox unavailable/);
      await expect(badLogin.send(message)).rejects.toThrow();
    } finally {
      sender.close();
      badLogin.close();
    }
  });

  it('is chosen when SMTP_URL is set, the outbox otherwise', () => {
    const noLog = () => undefined;
    expect(mailSenderFromConfig({ smtpUrl: smtp.url(), mailFrom: 'a@b.co' }, outboxWriter(t.database.db), noLog)).toBeInstanceOf(SmtpMailSender);
    expect(mailSenderFromConfig({ smtpUrl: undefined, mailFrom: 'a@b.co' }, outboxWriter(t.database.db), noLog)).toBeInstanceOf(OutboxMailSender);
  });
});

describe('mail configuration', () => {
  it('defaults APP_ORIGIN to this server and checks SMTP_URL, APP_ORIGIN and MAIL_FROM', () => {
    expect(readConfig({ PORT: '8080' })).toMatchObject({ appOrigin: 'http://localhost:8080', smtpUrl: undefined });
    expect(readConfig({ APP_ORIGIN: 'https://shop.example.com/' }).appOrigin).toBe('https://shop.example.com');
    expect(() => readConfig({ SMTP_URL: 'http://mail.example.com', APP_ORIGIN: 'https://shop.example.com/store', MAIL_FROM: 'nobody' })).toThrow(
      /APP_ORIGIN[\s\S]*SMTP_URL[\s\S]*MAIL_FROM/,
    );
  });
});

describe('forgot password through SMTP', () => {
  it('sends the reset link over SMTP when SMTP_URL is set', async () => {
    const app = await startTestApp({
      seed: false,
      rateLimits: generousLimits,
      env: { SMTP_URL: smtp.url(), MAIL_FROM: 'Store <no-reply@store.example>', APP_ORIGIN: 'https://shop.example.com' },
    });
    try {
      await register(app, { email: 'smtp-user@example.com' });
      const before = smtp.received.length;
      expect(json(await post(app, '/api/customer/forgot', { email: 'smtp-user@example.com' }))).toMatchObject({ code: 1 });
      const mail = await eventually(async () => smtp.received[before]);
      expect(mail?.to).toEqual(['smtp-user@example.com']);
      expect(decoded(mail?.raw)).toMatch(/https:\/\/shop\.example\.com\/account\/resetpassword\?token=[A-Za-z0-9_-]{43}/);
      expect(await app.database.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('answers the same when the mail cannot be sent (the failure is logged, not shown)', async () => {
    const failing: MailSender = { send: () => Promise.reject(new Error('SMTP down')) };
    const app = await startTestApp({ seed: false, rateLimits: generousLimits, mail: failing });
    try {
      await register(app, { email: 'unlucky@example.com' });
      const response = await post(app, '/api/customer/forgot', { email: 'unlucky@example.com' });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ code: 1, message: 'If an account exists for that email, we have sent a link to reset the password.' });
    } finally {
      await app.close();
    }
  });
});

describe('outbox mail in the log (no SMTP_URL)', () => {
  /** The log lines of one forgot-password request against an app started with `env`. */
  async function forgotLog(env: Record<string, string>): Promise<string> {
    const lines: string[] = [];
    const app = await startTestApp({
      seed: false,
      rateLimits: generousLimits,
      env: { APP_ORIGIN: 'https://shop.example.com', ...env },
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await register(app, { email: 'logged@example.com' });
      await post(app, '/api/customer/forgot', { email: 'logged@example.com' });
      await eventually(async () => lines.find((line) => line.includes('mail written to the outbox')));
      const outbox = await app.database.db.selectFrom('outbox').select('body_text').execute();
      expect(outbox.map((m) => m.body_text).join('\n')).toContain('/account/resetpassword?token=');
      return lines.join('\n');
    } finally {
      await app.close();
    }
  }

  it('logs the reset link in development, for the developer to follow', async () => {
    expect(await forgotLog({})).toMatch(/resetpassword\?token=[A-Za-z0-9_-]{43}/);
  });

  it('never logs it when NODE_ENV=production: only the subject', async () => {
    const log = await forgotLog({ NODE_ENV: 'production' });
    expect(log).toContain('Reset your password');
    expect(log).not.toContain('token=');
    expect(log).not.toContain('logged@example.com');
  });

  it('logs it in production only when MAIL_LOG_LINKS=1 asks (the browser tests); other values are refused', async () => {
    expect(await forgotLog({ NODE_ENV: 'production', MAIL_LOG_LINKS: '1' })).toMatch(/resetpassword\?token=/);
    expect(readConfig({ NODE_ENV: 'production' }).logMailText).toBe(false);
    expect(readConfig({ MAIL_LOG_LINKS: '0' }).logMailText).toBe(false);
    expect(() => readConfig({ MAIL_LOG_LINKS: 'yes' })).toThrow(/MAIL_LOG_LINKS must be 1 or 0/);
  });
});
