import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config.ts';
import { DatabaseOpenError, openDatabase } from '../../server/db/connection.ts';
import { cacheBudgets, defaultStructuresMb, useStructuresMemory } from '../../server/services/platform/cache-budgets.ts';
import { defaultRateLimits, withPerIpScale } from '../../server/services/platform/rate-limit.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('scales the per-IP attempt limits only', () => {
    expect(readConfig({}).rateLimitScale).toBe(1);
    const scale = readConfig({ RATE_LIMIT_SCALE: '10' }).rateLimitScale;
    const limits = withPerIpScale(defaultRateLimits, scale);
    expect(limits.signInPerIp.max).toBe(defaultRateLimits.signInPerIp.max * 10);
    expect(limits.cardTokenizePerIp?.max).toBe((defaultRateLimits.cardTokenizePerIp?.max ?? 0) * 10);
    expect(limits.signInFailuresPerAccount).toEqual(defaultRateLimits.signInFailuresPerAccount);
    expect(limits.cardSavePerCustomer).toEqual(defaultRateLimits.cardSavePerCustomer);
    expect(() => readConfig({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
  });

  it("CATALOGUE_MEMORY_MB scales search's and listings' structures only, and a bad value is named", () => {
    expect(readConfig({}).catalogueMemoryMb).toBe(defaultStructuresMb);
    expect(readConfig({ CATALOGUE_MEMORY_MB: '1440' }).catalogueMemoryMb).toBe(1440);
    expect(() => readConfig({ CATALOGUE_MEMORY_MB: '8' })).toThrow(/CATALOGUE_MEMORY_MB/);
    expect(() => readConfig({ CATALOGUE_MEMORY_MB: 'lots' })).toThrow(/CATALOGUE_MEMORY_MB/);
    const before = { ...cacheBudgets };
    const structures = ['searchNames', 'searchCards', 'searchDescriptions', 'listingIndex'] as const;
    expect(structures.reduce((sum, name) => sum + before[name], 0)).toBe(defaultStructuresMb * 2 ** 20);
    try {
      useStructuresMemory(defaultStructuresMb * 10);
      for (const name of structures) expect(cacheBudgets[name]).toBe(before[name] * 10);
      expect(cacheBudgets.productCards).toBe(before.productCards);
      expect(cacheBudgets.productDetail).toBe(before.productDetail);
    } finally {
      useStructuresMemory(defaultStructuresMb);
    }
    expect({ ...cacheBudgets }).toEqual(before);
  });

  it('names every bad variable at once', () => {
    try {
      readConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = error instanceof Error ? error.message : '';
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('keeps uploads in DATA_DIR/uploads or UPLOAD_DIR, never inside STATIC_DIR, signed with MEDIA_SIGNING_KEY', () => {
    const defaults = readConfig({ DATA_DIR: '/srv/store-data' });
    expect(defaults.uploads.dir).toBe(path.resolve('/srv/store-data/uploads'));
    expect(defaults.uploads.keyFromEnvironment).toBe(false);
    expect(defaults.uploads.signingKey.length).toBeGreaterThanOrEqual(32);
    expect(readConfig({ DATA_DIR: 'memory://' }).uploads.dir.startsWith(os.tmpdir())).toBe(true);
    const key = 'k'.repeat(32);
    const given = readConfig({ UPLOAD_DIR: '/srv/uploads', MEDIA_SIGNING_KEY: key });
    expect(given.uploads).toEqual({ dir: path.resolve('/srv/uploads'), signingKey: key, keyFromEnvironment: true });
    expect(() => readConfig({ STATIC_DIR: '/srv/www', UPLOAD_DIR: '/srv/www/uploads' })).toThrow(/UPLOAD_DIR must be outside STATIC_DIR/);
    expect(() => readConfig({ STATIC_DIR: '/srv/www', UPLOAD_DIR: '/srv/www' })).toThrow(/UPLOAD_DIR/);
    expect(readConfig({ STATIC_DIR: '/srv/www', UPLOAD_DIR: '/srv/www-uploads' }).uploads.dir).toBe(path.resolve('/srv/www-uploads'));
    expect(() => readConfig({ MEDIA_SIGNING_KEY: 'short' })).toThrow(/MEDIA_SIGNING_KEY/);
  });

  it('STORAGE: disk by default; s3 needs a bucket, and each bad S3 variable is named', () => {
    expect(readConfig({}).storage).toEqual({ kind: 'disk' });
    expect(() => readConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE must be one of disk, s3/);
    expect(() => readConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET must name the bucket/);
    expect(readConfig({ STORAGE: 's3', S3_BUCKET: 'store-uploads' }).storage).toEqual({
      kind: 's3',
      endpoint: undefined,
      bucket: 'store-uploads',
      region: 'us-east-1',
      credentials: undefined,
      serverSideEncryption: 'AES256',
    });
    const full = readConfig({
      STORAGE: 's3',
      S3_BUCKET: 'store-uploads',
      S3_ENDPOINT: 'https://minio.example.com:9000',
      S3_REGION: 'eu-west-3',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_SSE: 'none',
    }).storage;
    expect(full).toMatchObject({ endpoint: 'https://minio.example.com:9000', region: 'eu-west-3', serverSideEncryption: 'none' });
    expect(full).toMatchObject({ credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' } });
    try {
      readConfig({ STORAGE: 's3', S3_BUCKET: 'Bad_Bucket', S3_ENDPOINT: 'minio:9000', S3_ACCESS_KEY_ID: 'x', S3_SSE: 'rot13' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY', 'S3_SSE']) expect(message).toContain(name);
    }
    // The S3 variables mean nothing without STORAGE=s3.
    expect(readConfig({ S3_BUCKET: 'Bad_Bucket' }).storage).toEqual({ kind: 'disk' });
  });

  it('IDENTITY_ENGINE: local by default, anything else a clear error', () => {
    expect(readConfig({}).identityEngine).toBe('local');
    expect(readConfig({ IDENTITY_ENGINE: 'local' }).identityEngine).toBe('local');
    expect(() => readConfig({ IDENTITY_ENGINE: 'magic' })).toThrow(/IDENTITY_ENGINE must be one of local, stripe/);
  });

  it('WEB_CONCURRENCY: one process by default; several, or auto (one per CPU), only with DATABASE_URL', () => {
    const postgres = 'postgres://store@127.0.0.1:5432/store';
    expect(readConfig({}).webConcurrency).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(readConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: postgres }).webConcurrency).toBe(3);
    expect(readConfig({ WEB_CONCURRENCY: 'auto', DATABASE_URL: postgres }).webConcurrency).toBe(os.availableParallelism());
    for (const bad of ['0', 'two', '1.5', '-2', '65']) {
      expect(() => readConfig({ WEB_CONCURRENCY: bad, DATABASE_URL: postgres })).toThrow(
        /WEB_CONCURRENCY must be auto or a whole number from 1 to 64/,
      );
    }
    // The embedded database's folder belongs to one process: the message names both variables.
    expect(() => readConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY=2 \(2 processes\) needs DATABASE_URL/);
    if (os.availableParallelism() > 1) expect(() => readConfig({ WEB_CONCURRENCY: 'auto' })).toThrow(/WEB_CONCURRENCY=auto .* needs DATABASE_URL/);
    else expect(readConfig({ WEB_CONCURRENCY: 'auto' }).webConcurrency).toBe(1);
  });

  it('an unreachable DATABASE_URL is a clear error', async () => {
    await expect(openDatabase({ databaseUrl: 'postgres://nobody:secret@127.0.0.1:1/store', dataDir: 'unused' })).rejects.toThrow(DatabaseOpenError);
    await expect(openDatabase({ databaseUrl: 'postgres://nobody:secret@127.0.0.1:1/store', dataDir: 'unused' })).rejects.not.toThrow(/secret/);
  });

  it('a DATA_DIR that cannot be created is a clear error', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'store-cfg-')), 'a-file');
    fs.writeFileSync(file, 'not a folder');
    await expect(openDatabase({ dataDir: path.join(file, 'data') })).rejects.toThrow(/DATA_DIR/);
  });
});
