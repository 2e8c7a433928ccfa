import type { Config } from '../config.ts';

/** A line an operator should see once at start-up, whoever logs it (the one process, or the cluster's primary). */
export interface StartupNote {
  level: 'info' | 'warn';
  fields: object;
  message: string;
}

/**
 * What the configuration means that nobody would guess from the environment alone: the offline payment gateway,
 * mail links in the log, where ID photos go, a Stripe key Identity cannot read dates of birth with, keys made up
 * for this start. `workers` is WEB_CONCURRENCY: with several, the notes say what several processes change.
 */
export function startupNotes(config: Config, workers: number): StartupNote[] {
  const notes: StartupNote[] = [];
  if (!config.stripe) {
    notes.push({
      level: 'warn',
      fields: {},
      message: 'No STRIPE_SECRET_KEY: payments go to the offline test gateway (Stripe test card numbers; nothing is charged).',
    });
    if (workers > 1) {
      // The test gateway keeps one-time card tokens and bank checks in its process's memory (test-gateway.ts).
      notes.push({
        level: 'warn',
        fields: { workers },
        message:
          'The offline test gateway keeps card tokens and bank checks per process: with WEB_CONCURRENCY above 1 a card entered on one worker may be unknown to another. Use Stripe keys, or WEB_CONCURRENCY=1, for card payments.',
      });
    }
  }
  if (config.logMailText && process.env.NODE_ENV === 'production') {
    notes.push({
      level: 'warn',
      fields: {},
      message: 'MAIL_LOG_LINKS=1: mail text, with live reset and confirmation links, goes to the log. Only for tests.',
    });
  }
  if (config.databaseReadUrl) {
    notes.push({
      level: 'info',
      fields: { replicaMaxWaitMs: config.replicaMaxWaitMs },
      message: 'DATABASE_READ_URL: catalogue reads (listings, search, product pages, home) go to the read replica; everything else to DATABASE_URL.',
    });
  }
  // Where ID photos go and who judges them: one line, so an operator sees the production adapters are in use.
  const storage = config.storage.kind === 's3' ? `S3 bucket ${config.storage.bucket} at ${config.storage.endpoint ?? 'AWS'}` : config.uploads.dir;
  notes.push({
    level: 'info',
    fields: { storage: config.storage.kind, identityEngine: config.identityEngine },
    message: `ID photos: ${storage}; identity engine: ${config.identityEngine}`,
  });
  if (config.identityEngine === 'local' && workers > 1) {
    notes.push({
      level: 'info',
      fields: { workers },
      message: `Each of the ${workers} workers starts its own identity engine on its first verification (about 490 MB each).`,
    });
  }
  if (config.stripeIdentity && !config.stripeIdentity.secretKey.startsWith('rk_')) {
    notes.push({
      level: 'warn',
      fields: {},
      message:
        'IDENTITY_ENGINE=stripe with a secret key: Stripe sends the date of birth only to a restricted key (rk_… with Identity read access); set STRIPE_IDENTITY_KEY.',
    });
  }
  if (!config.captcha.keyFromEnvironment) {
    notes.push({
      level: 'warn',
      fields: {},
      message:
        workers > 1
          ? `CAPTCHA_HMAC_KEY is not set: this server made one key for its ${workers} workers, so with several machines set one shared key.`
          : 'CAPTCHA_HMAC_KEY is not set: this process made its own key, so with several instances set one shared key.',
    });
  }
  return notes;
}
