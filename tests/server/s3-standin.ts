import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../../server/config.ts';

export interface S3StandIn {
  /** The environment that points the app's STORAGE at it. */
  env: Record<string, string>;
  /** The adapter options for the same bucket (S3Storage's constructor). */
  options: Extract<StorageConfig, { kind: 's3' }>;
  /** The object names in the bucket, read from s3rver's folder (what is really stored, not what the API says). */
  objectKeys(): string[];
  /** The headers s3rver kept with one object (content-type, cache-control ...). */
  metadataOf(key: string): Record<string, string>;
  /** Every request the store received, in order: what the adapter really sent (headers s3rver does not keep). */
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * s3rver (an S3 API on the local disk) in this process, on a free port, over a temporary folder with one bucket: the
 * real protocol, signatures checked, for the S3 storage adapter's tests.
 */
export async function startS3StandIn(bucket = 'store-uploads'): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  // s3rver's own handler behind our server, so each request is recorded before it is answered.
  const handle = s3rver.callback();
  const requests: S3StandIn['requests'] = [];
  const server = http.createServer((request, response) => {
    requests.push({ method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers });
    void handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // s3rver's default credentials (its README): a wrong pair is refused as S3 does.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    options: { kind: 's3', endpoint, bucket, region: 'us-east-1', credentials, serverSideEncryption: 'AES256' },
    objectKeys: () => listObjects(path.join(directory, bucket)),
    metadataOf: (key) => readMetadata(path.join(directory, bucket, `${key}._S3rver_metadata.json`)),
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** s3rver keeps each object as '<key>._S3rver_object' (with '._S3rver_metadata.json' beside it). */
function listObjects(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('._S3rver_object'))
    .map((name) => name.slice(0, -'._S3rver_object'.length))
    .sort();
}

function readMetadata(file: string): Record<string, string> {
  if (!fs.existsSync(file)) return {};
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (typeof parsed !== 'object' || parsed === null) return {};
  return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
