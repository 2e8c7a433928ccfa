import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config.ts';
import { DatabaseOpenError, openDatabase } from '../../server/db/connection.ts';
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
