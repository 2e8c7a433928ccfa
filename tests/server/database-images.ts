import fs from 'node:fs';
import { inject } from 'vitest';

/** Files of the PGlite images the global setup built (tests/server/global-setup.ts). */
export interface DatabaseImages {
  migrated: string;
  seeded?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseImages: DatabaseImages;
  }
}

/** The image to start an in-memory test database from, or undefined to build one from scratch. */
export function databaseImage(seeded: boolean): Blob | undefined {
  const images = inject('databaseImages') as DatabaseImages | undefined;
  const file = seeded ? images?.seeded : images?.migrated;
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}
