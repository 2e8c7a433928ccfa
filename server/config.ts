import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { defaultStructuresMb, structuresMbRange } from './services/platform/cache-budgets.ts';

/** Everything the server reads from the environment, validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * DATABASE_READ_URL: a streaming replica of DATABASE_URL that serves the catalogue's reads (listings, search, product
   * pages, home, banners); everything a shopper writes or must see at once stays on the primary (decision 045).
   */
  databaseReadUrl: string | undefined;
  /** REPLICA_MAX_WAIT_MS: how long a catalogue read waits for the replica to replay an announced change before it reads the primary. */
  replicaMaxWaitMs: number;
  /** Folder for PGlite's files, or 'memory://' for a throwaway database. */
  dataDir: string;
  /** Folder holding the built SPA (vite build). */
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed the catalogue when the database has none. */
  seedOnStart: boolean;
  /**
   * Which proxies may set X-Forwarded-For: false (default, the client's own address counts), or the load balancer's
   * addresses/CIDRs. Trusting everyone would let any client pick a new IP and walk past the per-IP rate limits.
   */
  trustProxy: false | string[];
  /** Where the shopper's browser reaches the store; password-reset links in mail start with it. */
  appOrigin: string;
  /** SMTP server for outgoing mail (smtp:// or smtps://, credentials in the URL); absent: the outbox table. */
  smtpUrl: string | undefined;
  /** The From of outgoing mail. */
  mailFrom: string;
  captcha: CaptchaConfig;
  /** Stripe keys; absent: the offline test gateway takes payments (server/adapters/payments). */
  stripe: StripeConfig | undefined;
  /**
   * Multiplies every per-IP attempt limit (1: the defaults). For shoppers who share few addresses (a campus, a
   * carrier-grade NAT) and for the browser tests, which all come from 127.0.0.1. Per-account limits stay as they are.
   */
  rateLimitScale: number;
  uploads: UploadsConfig;
  /** Where uploads are stored (STORAGE): the disk folder uploads.dir, or an S3-compatible bucket. */
  storage: StorageConfig;
  /**
   * Which identity adapter compares faces and reads IDs (server/adapters/identity): 'local', the offline engine in a
   * worker thread (the default), or 'stripe', Stripe Identity's verification sessions (decision 016).
   */
  identityEngine: IdentityEngineName;
  /** DB_STATEMENT_TIMEOUT_MS: the longest one database statement may run (0: no limit). */
  statementTimeoutMs: number;
  /**
   * CATALOGUE_MEMORY_MB: what search's and listings' in-memory structures may hold together (cache-budgets.ts, decision
   * 087). The default holds a 100k catalogue; a bigger one needs about 1.6 MB per 1,000 products or reads the database.
   */
  catalogueMemoryMb: number;
  /** SHUTDOWN_GRACE_MS: how long SIGTERM waits for requests in flight and the database before the process exits anyway. */
  shutdownGraceMs: number;
  /**
   * Whether the outbox mail adapter logs each mail's text (reset links and order links with live tokens). On in
   * development; off when NODE_ENV=production unless MAIL_LOG_LINKS=1 asks for it explicitly (the browser tests,
   * which read the links from the log of a production-mode server).
   */
  logMailText: boolean;
  /**
   * TEST_CLOCK=1: POST /api/test/clock may move the store's "now" ahead (the browser journeys' cutoffs), and only with
   * the offline test gateway. Off unless asked for: a store started without it must not let a visitor move its clock.
   */
  testClock: boolean;
  /** The key the Stripe Identity adapter calls with; set exactly when identityEngine is 'stripe'. */
  stripeIdentity: StripeIdentityConfig | undefined;
  /**
   * WEB_CONCURRENCY: how many server processes share the port (node:cluster, server/process/cluster-primary.ts); 1
   * (the default) is one process, as before. Above 1 only with DATABASE_URL: the embedded database's folder is one
   * process's (decision 030).
   */
  webConcurrency: number;
  /** Operations (decision 037): the metrics port, log format, load limits and the drain before a shutdown. */
  operations: OperationsConfig;
}

export interface OperationsConfig {
  /** METRICS_PORT: where Prometheus scrapes /metrics (0: a free port); unset, no metrics listener. */
  metricsPort: number | undefined;
  /** METRICS_HOST: the metrics listener's address (default 127.0.0.1: reachable from this machine only). */
  metricsHost: string;
  /** LOG_FORMAT: 'pretty' (pino-pretty, for people) or 'json' (one object a line); default json in production. */
  logFormat: 'json' | 'pretty';
  /** MAX_EVENT_LOOP_DELAY_MS: mean event loop delay above which requests get 503 + Retry-After (0: never). */
  maxEventLoopDelayMs: number;
  /** MAX_RSS_MB: resident memory above which requests get 503 + Retry-After (0: never). */
  maxRssMb: number;
  /** SHUTDOWN_DRAIN_MS: after SIGTERM, how long /readyz answers 503 while requests are still served, before closing. */
  shutdownDrainMs: number;
  /**
   * SWEEP_INTERVAL_MS: how often every background sweep runs (unset: payments and unconfirmed orders each minute, KYC
   * leftovers each hour). The scale test sets seconds, to see the sweeps change hands within its run.
   */
  sweepIntervalMs: number | undefined;
}

/** The most server processes WEB_CONCURRENCY may ask for: far past any machine's cores, short of a typo's 1000. */
export const maxWebConcurrency = 64;

export const identityEngineNames = ['local', 'stripe'] as const;
export type IdentityEngineName = (typeof identityEngineNames)[number];

export interface StripeIdentityConfig {
  /** STRIPE_IDENTITY_KEY (a restricted key: reading a date of birth needs one), else STRIPE_SECRET_KEY. */
  secretKey: string;
  /** Where Stripe's hosted page sends the shopper back: the KYC screen. */
  returnUrl: string;
}

export const storageKinds = ['disk', 's3'] as const;
export const serverSideEncryptions = ['AES256', 'aws:kms', 'none'] as const;

/** STORAGE=disk (default, UPLOAD_DIR) or STORAGE=s3 with the S3_* variables. */
export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      /** Unset: AWS's own endpoint for the region. */
      endpoint: string | undefined;
      bucket: string;
      region: string;
      /** Unset: the AWS SDK's own chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      serverSideEncryption: (typeof serverSideEncryptions)[number];
    };

/** ID photos and selfies (server/adapters/storage, server/services/identity). */
export interface UploadsConfig {
  /** The disk storage folder: never inside staticDir, so nothing there is reachable but through a signed link. */
  dir: string;
  /** Signs the links that serve uploads (HMAC-SHA256); every instance behind one load balancer needs the same key. */
  signingKey: string;
  /** False when no MEDIA_SIGNING_KEY was set and a random key was made for this process. */
  keyFromEnvironment: boolean;
}

/** Both keys of one Stripe account (test or live, never one of each). */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
}

/** ALTCHA proof-of-work settings (see server/services/platform/captcha.ts). */
export interface CaptchaConfig {
  /** Signs challenges; every instance behind one load balancer needs the same key. */
  hmacKey: string;
  /** False when no CAPTCHA_HMAC_KEY was set and a random key was made for this process. */
  keyFromEnvironment: boolean;
  /** PBKDF2 iterations per attempt. */
  cost: number;
  /** The secret counter is drawn from 0..maxNumber: the solver tries about maxNumber / 2 counters. */
  maxNumber: number;
  /** How long a challenge may be solved and used. */
  ttlSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function isLogLevel(value: string): value is Config['logLevel'] {
  return (logLevels as readonly string[]).includes(value);
}

/** Reads and checks the environment; throws ConfigError naming every bad variable at once. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const portText = env.PORT?.trim() || '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);
  }

  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl !== undefined) {
    let ok: boolean;
    try {
      const url = new URL(databaseUrl);
      ok = url.protocol === 'postgres:' || url.protocol === 'postgresql:';
    } catch {
      ok = false;
    }
    if (!ok) problems.push('DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/store');
  }

  const databaseReadUrl = env.DATABASE_READ_URL?.trim() || undefined;
  if (databaseReadUrl !== undefined) {
    if (!hasProtocol(databaseReadUrl, ['postgres:', 'postgresql:'])) {
      problems.push('DATABASE_READ_URL must be a PostgreSQL URL such as postgres://user:password@replica:5432/store');
    } else if (databaseUrl === undefined) {
      problems.push('DATABASE_READ_URL needs DATABASE_URL: the replica follows a PostgreSQL primary, not the embedded database');
    }
  }
  const replicaMaxWaitMs = wholeNumber(env.REPLICA_MAX_WAIT_MS, 500, 0, 60_000, 'REPLICA_MAX_WAIT_MS', problems);

  const dataDirText = env.DATA_DIR?.trim() || './data';
  const dataDir = dataDirText.startsWith('memory://') ? dataDirText : path.resolve(dataDirText);

  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!isLogLevel(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}")`);

  const proxyText = env.TRUST_PROXY?.trim() || '';
  const trustProxy =
    proxyText === '' || proxyText === 'false'
      ? false
      : proxyText
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean);
  if (trustProxy && trustProxy.some((p) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p))) {
    problems.push(`TRUST_PROXY must be false or a comma-separated list of proxy addresses or CIDRs (got "${proxyText}")`);
  }

  const seedText = env.SEED_ON_START?.trim() || 'true';
  if (seedText !== 'true' && seedText !== 'false') problems.push(`SEED_ON_START must be true or false (got "${seedText}")`);

  const appOriginText = env.APP_ORIGIN?.trim() || `http://localhost:${port}`;
  const appOrigin = originOf(appOriginText);
  if (appOrigin === undefined) {
    problems.push(`APP_ORIGIN must be an http(s) origin such as https://store.example.com, with no path (got "${appOriginText}")`);
  }

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl !== undefined && !hasProtocol(smtpUrl, ['smtp:', 'smtps:'])) {
    problems.push('SMTP_URL must be an SMTP URL such as smtps://user:password@mail.example.com:465');
  }

  const mailFrom = env.MAIL_FROM?.trim() || 'Meat & Fish Store <no-reply@localhost>';
  if (!/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) {
    problems.push(`MAIL_FROM must be an address such as "Store <no-reply@example.com>" (got "${mailFrom}")`);
  }

  const captchaKey = env.CAPTCHA_HMAC_KEY?.trim() || undefined;
  if (captchaKey !== undefined && captchaKey.length < 32) {
    problems.push('CAPTCHA_HMAC_KEY must be at least 32 characters (for example: openssl rand -base64 32)');
  }
  const captchaCost = wholeNumber(env.CAPTCHA_COST, 5000, 1, 1_000_000, 'CAPTCHA_COST', problems);
  const captchaMaxNumber = wholeNumber(env.CAPTCHA_MAX_NUMBER, 200, 1, 1_000_000, 'CAPTCHA_MAX_NUMBER', problems);

  const stripe = readStripe(env, problems);
  const rateLimitScale = wholeNumber(env.RATE_LIMIT_SCALE, 1, 1, 1000, 'RATE_LIMIT_SCALE', problems);

  const staticDir = path.resolve(env.STATIC_DIR?.trim() || 'dist');
  const uploads = readUploads(env, dataDir, staticDir, problems);

  const statementTimeoutMs = wholeNumber(env.DB_STATEMENT_TIMEOUT_MS, 15_000, 0, 3_600_000, 'DB_STATEMENT_TIMEOUT_MS', problems);
  const catalogueMemoryMb = wholeNumber(
    env.CATALOGUE_MEMORY_MB,
    defaultStructuresMb,
    structuresMbRange.min,
    structuresMbRange.max,
    'CATALOGUE_MEMORY_MB',
    problems,
  );
  const shutdownGraceMs = wholeNumber(env.SHUTDOWN_GRACE_MS, 10_000, 100, 600_000, 'SHUTDOWN_GRACE_MS', problems);
  const logMailText = readLogMailText(env, problems);
  const testClockText = env.TEST_CLOCK?.trim() || '0';
  if (testClockText !== '0' && testClockText !== '1') problems.push(`TEST_CLOCK must be 1 or 0 (got "${testClockText}")`);
  const storage = readStorage(env, problems);

  const identityText = env.IDENTITY_ENGINE?.trim() || 'local';
  const identityEngine = identityEngineNames.find((name) => name === identityText);
  if (identityEngine === undefined) {
    problems.push(`IDENTITY_ENGINE must be one of ${identityEngineNames.join(', ')} (got "${identityText}")`);
  }
  const stripeIdentity = identityEngine === 'stripe' ? readStripeIdentity(env, appOrigin ?? appOriginText, problems) : undefined;

  const webConcurrency = readWebConcurrency(env, databaseUrl, problems);
  const operations = readOperations(env, problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    databaseReadUrl,
    replicaMaxWaitMs,
    dataDir,
    staticDir,
    logLevel: isLogLevel(logLevel) ? logLevel : 'info',
    seedOnStart: seedText === 'true',
    trustProxy,
    appOrigin: appOrigin ?? appOriginText,
    smtpUrl,
    mailFrom,
    captcha: {
      // Without a configured key each process makes its own: fine for one instance, not for several.
      hmacKey: captchaKey ?? randomBytes(32).toString('base64url'),
      keyFromEnvironment: captchaKey !== undefined,
      cost: captchaCost,
      maxNumber: captchaMaxNumber,
      ttlSeconds: 600,
    },
    stripe,
    rateLimitScale,
    uploads,
    storage,
    identityEngine: identityEngine ?? 'local',
    statementTimeoutMs,
    catalogueMemoryMb,
    shutdownGraceMs,
    logMailText,
    testClock: testClockText === '1',
    stripeIdentity,
    webConcurrency,
    operations,
  };
}

/** METRICS_PORT, METRICS_HOST, LOG_FORMAT, MAX_EVENT_LOOP_DELAY_MS, MAX_RSS_MB, SHUTDOWN_DRAIN_MS (decision 037), SWEEP_INTERVAL_MS (042). */
function readOperations(env: NodeJS.ProcessEnv, problems: string[]): OperationsConfig {
  const metricsText = env.METRICS_PORT?.trim() || '';
  const metricsPort = metricsText === '' ? undefined : wholeNumber(metricsText, 0, 0, 65535, 'METRICS_PORT', problems);
  const formatText = env.LOG_FORMAT?.trim() || (env.NODE_ENV?.trim() === 'production' ? 'json' : 'pretty');
  if (formatText !== 'json' && formatText !== 'pretty') problems.push(`LOG_FORMAT must be json or pretty (got "${formatText}")`);
  return {
    metricsPort,
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    logFormat: formatText === 'pretty' ? 'pretty' : 'json',
    maxEventLoopDelayMs: wholeNumber(env.MAX_EVENT_LOOP_DELAY_MS, 1000, 0, 600_000, 'MAX_EVENT_LOOP_DELAY_MS', problems),
    maxRssMb: wholeNumber(env.MAX_RSS_MB, 0, 0, 1_000_000, 'MAX_RSS_MB', problems),
    shutdownDrainMs: wholeNumber(env.SHUTDOWN_DRAIN_MS, 0, 0, 600_000, 'SHUTDOWN_DRAIN_MS', problems),
    sweepIntervalMs: env.SWEEP_INTERVAL_MS?.trim()
      ? wholeNumber(env.SWEEP_INTERVAL_MS, 60_000, 100, 86_400_000, 'SWEEP_INTERVAL_MS', problems)
      : undefined,
  };
}

/**
 * WEB_CONCURRENCY: a whole number from 1 to maxWebConcurrency, or 'auto' (one process per CPU the machine gives
 * this one: os.availableParallelism). More than one needs DATABASE_URL: PGlite opens its data folder in one process,
 * and a second one opening it would corrupt it.
 */
function readWebConcurrency(env: NodeJS.ProcessEnv, databaseUrl: string | undefined, problems: string[]): number {
  const text = env.WEB_CONCURRENCY?.trim() || '1';
  const count = text === 'auto' ? os.availableParallelism() : Number(text);
  if (text !== 'auto' && (!/^\d+$/.test(text) || count < 1 || count > maxWebConcurrency)) {
    problems.push(`WEB_CONCURRENCY must be auto or a whole number from 1 to ${maxWebConcurrency} (got "${text}")`);
    return 1;
  }
  if (count > 1 && databaseUrl === undefined) {
    problems.push(
      `WEB_CONCURRENCY=${text} (${count} processes) needs DATABASE_URL: the embedded database belongs to one process; set DATABASE_URL to a PostgreSQL server, or WEB_CONCURRENCY=1`,
    );
    return 1;
  }
  return count;
}

/**
 * MAIL_LOG_LINKS: 1 logs outbox mail (with its live links), 0 does not; unset, only outside production. A production
 * log is read by more people than the mailbox is, so there the links are logged only when someone asked for it.
 */
function readLogMailText(env: NodeJS.ProcessEnv, problems: string[]): boolean {
  const text = env.MAIL_LOG_LINKS?.trim() || '';
  if (text === '1') return true;
  if (text === '0') return false;
  if (text !== '') problems.push(`MAIL_LOG_LINKS must be 1 or 0 (got "${text}")`);
  return env.NODE_ENV?.trim() !== 'production';
}

/**
 * UPLOAD_DIR (default <DATA_DIR>/uploads; with an in-memory database, a fresh temporary folder, as throwaway as the
 * database) and MEDIA_SIGNING_KEY (default: random per process, like CAPTCHA_HMAC_KEY; a key of its own so a leak of
 * one secret does not forge the other's signatures).
 */
function readUploads(env: NodeJS.ProcessEnv, dataDir: string, staticDir: string, problems: string[]): UploadsConfig {
  const dirText = env.UPLOAD_DIR?.trim() || undefined;
  const dir =
    dirText !== undefined
      ? path.resolve(dirText)
      : dataDir.startsWith('memory://')
        ? path.join(os.tmpdir(), `store-uploads-${randomBytes(8).toString('hex')}`)
        : path.join(dataDir, 'uploads');
  const relative = path.relative(staticDir, dir);
  if (relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))) {
    problems.push(`UPLOAD_DIR must be outside STATIC_DIR, or ID photos would be served to anyone (got "${dir}")`);
  }
  const key = env.MEDIA_SIGNING_KEY?.trim() || undefined;
  if (key !== undefined && key.length < 32) {
    problems.push('MEDIA_SIGNING_KEY must be at least 32 characters (for example: openssl rand -base64 32)');
  }
  return { dir, signingKey: key ?? randomBytes(32).toString('base64url'), keyFromEnvironment: key !== undefined };
}

/**
 * STORAGE=s3: S3_BUCKET is needed; S3_ENDPOINT (an http(s) URL) for a store other than AWS; S3_REGION (default
 * us-east-1); S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together or neither (the SDK's own chain); S3_SSE, the
 * server-side encryption asked on every write (AES256 by default; 'none' for a store that refuses the header).
 */
function readStorage(env: NodeJS.ProcessEnv, problems: string[]): StorageConfig {
  const kindText = env.STORAGE?.trim() || 'disk';
  const kind = storageKinds.find((name) => name === kindText);
  if (kind === undefined) problems.push(`STORAGE must be one of ${storageKinds.join(', ')} (got "${kindText}")`);
  if (kind !== 's3') return { kind: 'disk' };

  const bucket = env.S3_BUCKET?.trim() || '';
  // S3's bucket naming rules: 3-63 of lower-case letters, digits, dots and hyphens, a letter or digit at each end.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`S3_BUCKET must name the bucket for uploads when STORAGE=s3 (3-63 lower-case letters, digits, dots, hyphens; got "${bucket}")`);
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !hasProtocol(endpoint, ['http:', 'https:'])) {
    problems.push(`S3_ENDPOINT must be an http(s) URL such as https://minio.example.com:9000 (got "${endpoint}")`);
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{2,32}$/.test(region)) problems.push(`S3_REGION must be a region name such as us-east-1 (got "${region}")`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the AWS SDK’s own credentials)');
  }
  const sseText = env.S3_SSE?.trim() || 'AES256';
  const serverSideEncryption = serverSideEncryptions.find((name) => name === sseText);
  if (serverSideEncryption === undefined) problems.push(`S3_SSE must be one of ${serverSideEncryptions.join(', ')} (got "${sseText}")`);
  return {
    kind: 's3',
    endpoint,
    bucket,
    region,
    credentials: accessKeyId !== undefined && secretAccessKey !== undefined ? { accessKeyId, secretAccessKey } : undefined,
    serverSideEncryption: serverSideEncryption ?? 'AES256',
  };
}

/** IDENTITY_ENGINE=stripe: STRIPE_IDENTITY_KEY (rk_/sk_), else STRIPE_SECRET_KEY; one of them is needed. */
function readStripeIdentity(env: NodeJS.ProcessEnv, appOrigin: string, problems: string[]): StripeIdentityConfig | undefined {
  const own = env.STRIPE_IDENTITY_KEY?.trim() || undefined;
  const secretKey = own ?? (env.STRIPE_SECRET_KEY?.trim() || undefined);
  if (secretKey === undefined) {
    problems.push('IDENTITY_ENGINE=stripe needs STRIPE_IDENTITY_KEY (a restricted key with Identity access) or STRIPE_SECRET_KEY');
    return undefined;
  }
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(secretKey)) {
    problems.push(`${own !== undefined ? 'STRIPE_IDENTITY_KEY' : 'STRIPE_SECRET_KEY'} must be a Stripe secret or restricted key (sk_… or rk_…)`);
    return undefined;
  }
  return { secretKey, returnUrl: `${appOrigin}/kyc` };
}

/** Both Stripe keys or neither; a secret key in the publishable slot (or the other way round) is refused. */
function readStripe(env: NodeJS.ProcessEnv, problems: string[]): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() || undefined;
  if (secretKey === undefined && publishableKey === undefined) return undefined;
  if (secretKey === undefined || publishableKey === undefined) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together (or neither, for the offline test gateway)');
    return undefined;
  }
  const secret = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.exec(secretKey);
  const publishable = /^pk_(test|live)_[A-Za-z0-9]+$/.exec(publishableKey);
  if (!secret) problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_... or sk_live_...)');
  if (!publishable) problems.push('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_... or pk_live_...)');
  if (secret && publishable && secret[2] !== publishable[1]) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys');
  }
  return secret && publishable ? { secretKey, publishableKey } : undefined;
}

function hasProtocol(text: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** 'https://shop.example.com/' → 'https://shop.example.com'; undefined for anything with a path, query or other scheme. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    const bare = (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
    if (!bare || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

function wholeNumber(value: string | undefined, fallback: number, min: number, max: number, name: string, problems: string[]): number {
  const text = value?.trim() || String(fallback);
  const parsed = Number(text);
  if (!/^\d+$/.test(text) || parsed < min || parsed > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
    return fallback;
  }
  return parsed;
}
