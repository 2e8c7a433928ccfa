import path from 'node:path';

/** Everything the server reads from the environment, validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server URL; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  /** Folder for PGlite's files, or 'memory://' for a throwaway database. */
  dataDir: string;
  /** Folder holding the built SPA (vite build). */
  staticDir: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Seed the catalogue when the database has none. */
  seedOnStart: boolean;
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
    let ok = false;
    try {
      const url = new URL(databaseUrl);
      ok = url.protocol === 'postgres:' || url.protocol === 'postgresql:';
    } catch {
      ok = false;
    }
    if (!ok) problems.push('DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/store');
  }

  const dataDirText = env.DATA_DIR?.trim() || './data';
  const dataDir = dataDirText.startsWith('memory://') ? dataDirText : path.resolve(dataDirText);

  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!isLogLevel(logLevel)) problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')} (got "${logLevel}")`);

  const seedText = env.SEED_ON_START?.trim() || 'true';
  if (seedText !== 'true' && seedText !== 'false') problems.push(`SEED_ON_START must be true or false (got "${seedText}")`);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir,
    staticDir: path.resolve(env.STATIC_DIR?.trim() || 'dist'),
    logLevel: isLogLevel(logLevel) ? logLevel : 'info',
    seedOnStart: seedText === 'true',
  };
}
