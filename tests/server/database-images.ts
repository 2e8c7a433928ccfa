import fs from 'node:fs';
import { inject } from 'vitest';

/** Files of the PGlite images the global setup built (tests/server/global-setup.ts). */
export interface DatabaseImages {
  migrated: string;
  seeded?: string;
}

/** The throwaway PostgreSQL cluster of npm run test:server:pg (tests/server/postgres-global-setup.ts). */
export interface PostgresTemplates {
  /** A URL to the cluster's maintenance database, for CREATE/DROP DATABASE. */
  adminUrl: string;
  port: number;
}

/** The template databases the PostgreSQL global setup builds once per run. */
export const postgresTemplateNames = { migrated: 'store_migrated', seeded: 'store_seeded' } as const;

declare module 'vitest' {
  export interface ProvidedContext {
    databaseImages: DatabaseImages;
    postgresTemplates: PostgresTemplates;
  }
}

/** The image to start an in-memory test database from, or undefined to build one from scratch. */
export function databaseImage(seeded: boolean): Blob | undefined {
  const images = inject('databaseImages') as DatabaseImages | undefined;
  const file = seeded ? images?.seeded : images?.migrated;
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}

/** The PostgreSQL cluster when the server tests run on PostgreSQL, otherwise undefined (PGlite). */
export function postgresTemplates(): PostgresTemplates | undefined {
  return inject('postgresTemplates') as PostgresTemplates | undefined;
}

/** True under npm run test:server:pg (the run's PostgreSQL cluster is provided), false on the PGlite run. */
export const onPostgresRun = (): boolean => postgresTemplates() !== undefined;
