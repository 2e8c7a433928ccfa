import type { Config } from '../../config.ts';
import { DiskStorage } from './disk-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage-port.ts';

/** The storage STORAGE names: the disk folder (UPLOAD_DIR) or an S3-compatible bucket; close() ends its connections. */
export function storageFromConfig(config: Pick<Config, 'storage' | 'uploads'>): FileStorage & { close(): void } {
  const storage = config.storage;
  switch (storage.kind) {
    case 'disk':
      return Object.assign(new DiskStorage(config.uploads.dir), { close: () => undefined });
    case 's3':
      return new S3Storage(storage);
  }
}
