import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { isStorageKey, StorageKeyError, type FileStorage } from './storage-port.ts';

export interface S3StorageOptions {
  /** An S3-compatible endpoint (MinIO, R2, s3rver...); undefined: AWS's own for the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Both keys, or undefined for the SDK's own chain (an instance role, AWS_* variables, a profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Asked of the store on every write ('AES256': keys the store holds; 'aws:kms'), or 'none' for a store without it. */
  serverSideEncryption: 'AES256' | 'aws:kms' | 'none';
}

/**
 * Files as objects in one S3-compatible bucket: the production option beside disk-storage.ts, for several instances
 * behind a load balancer. Objects are private: no ACL is sent, so they take the bucket's (private, or owner-enforced),
 * and nothing is ever made public or presigned — the owner gets the bytes through our own signed link
 * (docs/decisions/016-storage-and-identity-adapters.md). The object name is the key itself, checked against the key
 * pattern first, so nothing a client sent can name an object.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      // Path-style (endpoint/bucket/key): what MinIO and s3rver serve without wildcard DNS, and AWS still accepts.
      forcePathStyle: true,
      ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
      ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      maxAttempts: 3,
    });
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: checked(key),
        Body: bytes,
        ContentType: 'image/jpeg',
        // Never cached by anything between us and the store.
        CacheControl: 'private, no-store',
        ...(this.options.serverSideEncryption === 'none' ? {} : { ServerSideEncryption: this.options.serverSideEncryption }),
      }),
    );
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      const reply = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: checked(key) }));
      return reply.Body === undefined ? undefined : await reply.Body.transformToByteArray();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  /** S3 answers a delete of a missing object with success, as the port asks. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: checked(key) }));
  }

  /**
   * Checks at start-up that the bucket is there and these credentials reach it, as the disk adapter makes its folder
   * at start-up: a wrong S3_* variable stops the server with its name instead of failing the first shopper's upload.
   */
  async ready(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.options.bucket }));
    } catch (error) {
      const status = error instanceof S3ServiceException ? ` (HTTP ${error.$metadata.httpStatusCode ?? '?'} ${error.name})` : '';
      const reason = error instanceof Error ? error.message : String(error);
      throw new StorageUnreachableError(
        `STORAGE=s3: the bucket S3_BUCKET="${this.options.bucket}" at ${this.options.endpoint ?? 'AWS'} (S3_ENDPOINT) cannot be reached with ` +
          `these credentials (S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, S3_REGION "${this.options.region}")${status}: ${reason}`,
        { cause: error },
      );
    }
  }

  /** Ends the client's sockets (with the app). */
  close(): void {
    this.client.destroy();
  }
}

/** The configured bucket cannot be used: a start-up failure whose message names the variables to fix. */
export class StorageUnreachableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'StorageUnreachableError';
  }
}

function checked(key: string): string {
  if (!isStorageKey(key)) throw new StorageKeyError();
  return key;
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}
