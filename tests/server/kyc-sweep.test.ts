import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { FileStorage } from '../../server/adapters/storage/storage-port.ts';
import { readConfig } from '../../server/config.ts';
import { newStorageKey } from '../../server/adapters/storage/storage-port.ts';
import type { KycStatus } from '../../server/db/schema.ts';
import { removeAbandonedApplications } from '../../server/services/identity/kyc-abandoned.ts';
import { eventually, generousLimits } from './account-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** Photos in memory: the test sees exactly which keys are still stored. */
class MemoryStorage implements FileStorage {
  readonly files = new Map<string, Uint8Array>();
  async put(key: string, bytes: Uint8Array) {
    this.files.set(key, bytes);
  }
  async get(key: string) {
    return this.files.get(key);
  }
  async delete(key: string) {
    this.files.delete(key);
  }
}

const day = 24 * 60 * 60 * 1000;
let now = new Date('2026-03-01T12:00:00Z');
const clock = () => now;
const storage = new MemoryStorage();
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    rateLimits: generousLimits,
    clock,
    storage,
  });
});
afterAll(async () => {
  await t.close();
});

let serial = 0;
/** An application started `ageDays` ago (by the test clock), with its three photos stored when asked. */
async function application(
  customerId: number,
  ageDays: number,
  row: { status: KycStatus; photos?: boolean; decided?: boolean; date_of_birth?: string; verifying_since?: Date },
) {
  serial += 1;
  const keys = row.photos ? { front_key: newStorageKey(), back_key: newStorageKey(), selfie_key: newStorageKey() } : {};
  for (const key of Object.values(keys)) await storage.put(key, new Uint8Array([0xff, 0xd8, 0xff]));
  const created = new Date(now.getTime() - ageDays * day);
  const publicId = serial.toString(16).padStart(32, 'b');
  await t.database.db
    .insertInto('kyc_applications')
    .values({
      public_id: publicId,
      customer_id: customerId,
      status: row.status,
      created_at: created,
      updated_at: created,
      decided_at: row.decided ? created : null,
      date_of_birth: row.date_of_birth ?? null,
      birth_year: row.date_of_birth ? Number(row.date_of_birth.slice(6)) : null,
      verifying_since: row.verifying_since ?? null,
      ...keys,
    })
    .execute();
  return { publicId, keys: Object.values(keys) };
}

const exists = async (publicId: string) =>
  (await t.database.db.selectFrom('kyc_applications').select('id').where('public_id', '=', publicId).executeTakeFirst()) !== undefined;

describe('abandoned KYC applications', () => {
  it('removes, after 30 days undecided, the photos and the row (a matched one with its date of birth); keeps the rest', async () => {
    // One customer per application: at most one open application each (the unique index).
    const customer = async (name: string) => (await signedInCustomer(t, `sweep-${name}@example.com`)).customerId;
    const started = await application(await customer('started'), 31, { status: 'started', photos: true });
    const uploaded = await application(await customer('uploaded'), 45, { status: 'uploaded', photos: true });
    const matched = await application(await customer('matched'), 30.5, { status: 'verified', photos: true, date_of_birth: '04/07/1990' });
    const young = await application(await customer('young'), 29, { status: 'uploaded', photos: true });
    const verifying = await application(await customer('verifying'), 40, { status: 'uploaded', photos: true, verifying_since: now });
    const decided = await application(await customer('decided'), 90, { status: 'verified', decided: true });
    const refused = await application(await customer('refused'), 90, { status: 'refused', decided: true });

    expect(await removeAbandonedApplications({ db: t.database.db, storage, now })).toEqual({ removed: 3 });

    for (const gone of [started, uploaded, matched]) {
      expect(await exists(gone.publicId)).toBe(false);
      for (const key of gone.keys) expect(storage.files.has(key)).toBe(false);
    }
    // The full date of birth of the matched one went with its row: nothing holds it any more.
    const dates = await t.database.db.selectFrom('kyc_applications').select('date_of_birth').where('date_of_birth', 'is not', null).execute();
    expect(dates).toEqual([]);
    for (const kept of [young, verifying, decided, refused]) expect(await exists(kept.publicId)).toBe(true);
    for (const key of [...young.keys, ...verifying.keys]) expect(storage.files.has(key)).toBe(true);

    // A second pass finds nothing; once the verification's lease runs out and a day passes, the rest go.
    expect(await removeAbandonedApplications({ db: t.database.db, storage, now })).toEqual({ removed: 0 });
    now = new Date(now.getTime() + 1.5 * day);
    expect(await removeAbandonedApplications({ db: t.database.db, storage, now })).toEqual({ removed: 2 });
    expect(await exists(young.publicId)).toBe(false);
    expect(await exists(verifying.publicId)).toBe(false);
    expect(await exists(decided.publicId)).toBe(true);
    expect(await exists(refused.publicId)).toBe(true);
  });

  it('the dashboard of a customer whose application was removed says not started', async () => {
    const me = await signedInCustomer(t, 'sweep-dash@example.com');
    await application(me.customerId, 31, { status: 'uploaded', photos: true });
    await removeAbandonedApplications({ db: t.database.db, storage, now });
    const reply = await t.app.inject({ method: 'GET', url: '/api/account/mydashboard', headers: { authorization: `Bearer ${me.token}` } });
    expect(reply.json()).toMatchObject({ code: 1, data: { identity: { status: 'not-started', reason: '' } } });
  });

  it('runs in the background when the app is started with a sweep interval, logging a count and nothing personal', async () => {
    const email = 'sweep-background@example.com';
    const me = await signedInCustomer(t, email);
    const old = await application(me.customerId, 60, { status: 'verified', photos: true, date_of_birth: '01/02/1985' });
    const config = readConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'info', STATIC_DIR: 'tests/server/no-spa' });
    const lines: string[] = [];
    const instance = await buildApp(
      { db: t.database.db, config, clock, storage, kycSweepMs: 20 },
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    );
    await instance.ready();
    try {
      expect(await eventually(async () => ((await exists(old.publicId)) ? undefined : true))).toBe(true);
      for (const key of old.keys) expect(storage.files.has(key)).toBe(false);
      const logged = await eventually(async () => lines.find((line) => line.includes('abandoned KYC applications removed')));
      expect(JSON.parse(logged ?? '{}')).toMatchObject({ removed: 1, afterDays: 30 });
      const all = lines.join('\n');
      for (const personal of [email, old.publicId, '1985', ...old.keys]) expect(all).not.toContain(personal);
      // The sweep's line carries the count and the window, no customer or application field.
      expect(Object.keys(JSON.parse(logged ?? '{}')).sort()).toEqual(['afterDays', 'hostname', 'level', 'msg', 'pid', 'removed', 'time']);
    } finally {
      await instance.close();
    }
  });
});
