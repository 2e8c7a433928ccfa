import type { Config } from '../../config.ts';
import { DiskStorage } from './disk-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage-port.ts';

/** A storage the app built: ready() checks it can be used (at start-up), close() ends its connections. */
export type OwnStorage = FileStorage & { ready(): Promise<void>; close(): void };

/** The storage STORAGE names: the disk folder (UPLOAD_DIR, made now) or an S3-compatible bucket. */
export function storageFromConfig(config: Pick<Config, 'storage' | 'uploads'>): OwnStorage {
  const storage = config.storage;
  switch (storage.kind) {
    case 'disk':
      return Object.assign(new DiskStorage(config.uploads.dir), { ready: async () => undefined, close: () => undefined });
    case 's3':
      return new S3Storage(storage);
  }
}
