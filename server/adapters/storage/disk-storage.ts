import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, StorageKeyError, type FileStorage } from './storage-port.ts';

/**
 * Files in one folder on disk (UPLOAD_DIR, by default <DATA_DIR>/uploads): outside the folder the web server serves,
 * readable by this process only (0700 folder, 0600 files). Keys are checked against the key pattern before any path
 * is made, so nothing but '<32 hex>.jpg' directly inside the folder is ever touched.
 */
export class DiskStorage implements FileStorage {
  /** Makes the folder now (at start-up), so a folder that cannot be made stops the server rather than an upload. */
  constructor(private readonly folder: string) {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const target = this.pathOf(key);
    // Written under a temporary name and renamed: a reader never sees half a file, a crash leaves no partial key.
    const temporary = path.join(this.folder, `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      await fsp.writeFile(temporary, bytes, { flag: 'wx', mode: 0o600 });
      await fsp.rename(temporary, target);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new StorageKeyError();
    return path.join(this.folder, key);
  }
}

function isMissing(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
}
