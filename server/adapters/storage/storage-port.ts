import { randomBytes } from 'node:crypto';

/**
 * Where uploaded files live (ID photos, selfies): a flat store of opaque keys. The caller makes the key with
 * newStorageKey; an adapter refuses anything else, so a client's file name can never reach a path or an object name.
 *
 * Implementations: disk-storage.ts (the default, a folder outside the web root) and s3-storage.ts (an S3-compatible
 * bucket, for several instances), chosen by STORAGE (storage-from-config.ts).
 */
export interface FileStorage {
  /** Writes the bytes under key, replacing nothing: each key is new. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under key, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
  /** Removes key; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

/** 16 random bytes in hex and the format's extension: the only shape a key may have. */
export const storageKeyPattern = /^[0-9a-f]{32}\.jpg$/;

/** A fresh random key for a JPEG: never derived from anything the client sent. */
export function newStorageKey(): string {
  return `${randomBytes(16).toString('hex')}.jpg`;
}

export function isStorageKey(key: string): boolean {
  return storageKeyPattern.test(key);
}

export class StorageKeyError extends Error {
  constructor() {
    super('Not a storage key');
    this.name = 'StorageKeyError';
  }
}
