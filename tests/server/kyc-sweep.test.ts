import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { FileStorage } from '../../server/adapters/storage/storage-port.ts';
import { readConfig } from '../../server/config.ts';
import { newStorageKey } from '../../server/adapters/storage/storage-port.ts';
import type { KycStatus } from '../../server/db/schema.ts';
import { checkSelfieLeftoverAfterMs, removeFaceCheckLeftovers } from '../../server/services/identity/face-check-leftovers.ts';
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
      // Each line without pino's own fields: a process id or a time can hold '1985' by chance (pid 19850 did once).
      const all = lines
        .map((line) => {
          const parsed: unknown = JSON.parse(line);
          if (typeof parsed !== 'object' || parsed === null) return line;
          return JSON.stringify(Object.entries(parsed).filter(([key]) => !['pid', 'time', 'hostname'].includes(key)));
        })
        .join('\n');
      for (const personal of [email, old.publicId, '1985', ...old.keys]) expect(all).not.toContain(personal);
      // The sweep's line carries the count and the window, no customer or application field.
      expect(Object.keys(JSON.parse(logged ?? '{}')).sort()).toEqual(['afterDays', 'hostname', 'level', 'msg', 'pid', 'removed', 'time']);
    } finally {
      await instance.close();
    }
  });
});

const minute = 60 * 1000;

/** A verified customer's decided application with a check selfie uploaded `uploadedMinutesAgo` and not checked. */
async function verifiedWithCheckSelfie(name: string, uploadedMinutesAgo: number | undefined) {
  const me = await signedInCustomer(t, `sweep-face-${name}@example.com`);
  await t.database.db.updateTable('customers').set({ is_verified: true }).where('id', '=', me.customerId).execute();
  const app = await application(me.customerId, 60, { status: 'verified', decided: true });
  const key = newStorageKey();
  if (uploadedMinutesAgo !== undefined) {
    await storage.put(key, new Uint8Array([0xff, 0xd8, 0xff]));
    await t.database.db
      .updateTable('kyc_applications')
      .set({ check_selfie_key: key, updated_at: new Date(now.getTime() - uploadedMinutesAgo * minute) })
      .where('public_id', '=', app.publicId)
      .execute();
  }
  const row = await t.database.db.selectFrom('kyc_applications').select('id').where('public_id', '=', app.publicId).executeTakeFirstOrThrow();
  const area = await t.database.db.selectFrom('vendor_locations').select('id').orderBy('id').executeTakeFirstOrThrow();
  const cartId = `sweep-cart-${name}`;
  await t.database.db
    .insertInto('carts')
    .values({ id: cartId, customer_id: me.customerId, zipcode: '10001', loc_id: area.id, coupon_code: null })
    .execute();
  return { ...me, publicId: app.publicId, applicationRowId: row.id, key, cartId };
}

/** A face pass ending `expiresInMinutes` from now (negative: ended); `used` as if an order had taken it. */
async function facePass(owner: { customerId: number; applicationRowId: number; cartId: string }, expiresInMinutes: number, used = false) {
  const expires = new Date(now.getTime() + expiresInMinutes * minute);
  const row = await t.database.db
    .insertInto('face_passes')
    .values({
      customer_id: owner.customerId,
      cart_id: owner.cartId,
      application_id: owner.applicationRowId,
      face_match_percent: 90,
      created_at: new Date(expires.getTime() - 15 * minute),
      expires_at: expires,
      used_at: used ? new Date(expires.getTime() - 5 * minute) : null,
      order_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const passExists = async (id: number) =>
  (await t.database.db.selectFrom('face_passes').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
const checkSelfieOf = async (publicId: string) =>
  (await t.database.db.selectFrom('kyc_applications').select('check_selfie_key').where('public_id', '=', publicId).executeTakeFirstOrThrow())
    .check_selfie_key;

describe('face check leftovers', () => {
  it('removes face passes that expired unused and check selfies left unchecked; keeps fresh ones and passes an order used', async () => {
    const ada = await verifiedWithCheckSelfie('ada', checkSelfieLeftoverAfterMs / minute + 1);
    const bob = await verifiedWithCheckSelfie('bob', 2);
    const cy = await verifiedWithCheckSelfie('cy', undefined);
    const expired = await facePass(ada, -1);
    const expiredNow = await facePass(bob, 0);
    const fresh = await facePass(bob, 10);
    const used = await facePass(cy, -30, true);

    expect(await removeFaceCheckLeftovers({ db: t.database.db, storage, now })).toEqual({ facePasses: 2, checkSelfies: 1 });

    expect(await passExists(expired)).toBe(false);
    expect(await passExists(expiredNow)).toBe(false);
    expect(await passExists(fresh)).toBe(true);
    expect(await passExists(used)).toBe(true);
    // Ada's selfie waited longer than a pass lasts: the row lets go of it, and the file is gone.
    expect(await checkSelfieOf(ada.publicId)).toBeNull();
    expect(storage.files.has(ada.key)).toBe(false);
    // Bob's is two minutes old: his check may still be on its way.
    expect(await checkSelfieOf(bob.publicId)).toBe(bob.key);
    expect(storage.files.has(bob.key)).toBe(true);
    // The application itself, its kept face and its decision stay: only the leftovers go.
    expect(await exists(ada.publicId)).toBe(true);

    expect(await removeFaceCheckLeftovers({ db: t.database.db, storage, now })).toEqual({ facePasses: 0, checkSelfies: 0 });
    now = new Date(now.getTime() + checkSelfieLeftoverAfterMs);
    expect(await removeFaceCheckLeftovers({ db: t.database.db, storage, now })).toEqual({ facePasses: 1, checkSelfies: 1 });
    expect(storage.files.has(bob.key)).toBe(false);
    expect(await passExists(used)).toBe(true);
  });
});
