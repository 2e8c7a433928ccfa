import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { KycApplication, KycSide } from '../../../src/api/contract/kyc.contract.ts';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import { isStorageKey, newStorageKey } from '../../adapters/storage/storage-port.ts';
import type { Database, KycApplicationsTable } from '../../db/schema.ts';
import { checkIdImage } from './id-image.ts';
import { checkKycLink, kycImageLink } from './kyc-links.ts';

type ApplicationRow = Selectable<KycApplicationsTable>;

const openStatuses = ['started', 'uploaded'] as const;

/** Which column holds which photo's storage key. */
const keyColumn = { aadhaar_front: 'front_key', aadhaar_back: 'back_key', selfie: 'selfie_key' } as const satisfies Record<
  KycSide,
  keyof KycApplicationsTable
>;

/** 16 random bytes in hex: unguessable like the session tokens, and free of '_' (file names split on it). */
function newApplicationId(): string {
  return randomBytes(16).toString('hex');
}

function view(row: ApplicationRow): KycApplication {
  return {
    applicationId: row.public_id,
    status: row.status,
    uploaded: { aadhaar_front: row.front_key !== null, aadhaar_back: row.back_key !== null, selfie: row.selfie_key !== null },
  };
}

/**
 * The caller's open application ('started' or 'uploaded'), made now when there is none. Two requests at once make
 * one row: the partial unique index refuses the second insert, which then reads the first's.
 */
export async function currentApplication(db: Kysely<Database>, customerId: number): Promise<KycApplication> {
  await db
    .insertInto('kyc_applications')
    .values({ public_id: newApplicationId(), customer_id: customerId })
    // The partial index's predicate as literals: a hot statement runs by name (decision 029), and PostgreSQL's generic
    // plan for it cannot match a partial unique index against parameters ("no unique or exclusion constraint").
    .onConflict((oc) =>
      oc
        .column('customer_id')
        .where(sql<boolean>`status in (${sql.join(openStatuses.map((status) => sql.lit(status)))})`)
        .doNothing(),
    )
    .execute();
  const row = await db
    .selectFrom('kyc_applications')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', 'in', openStatuses)
    .executeTakeFirstOrThrow();
  return view(row);
}

export type UploadOutcome =
  | { kind: 'stored'; applicationId: string; side: KycSide; status: KycApplication['status']; imageUrl: string; replacedKey: string | undefined }
  | { kind: 'not-found' }
  | { kind: 'refused'; field: 'imageData'; message: string };

export interface UploadRequest {
  customerId: number;
  applicationId: string;
  side: KycSide;
  imageData: string;
}

export interface UploadParts {
  db: Kysely<Database>;
  storage: FileStorage;
  signingKey: string;
  now: Date;
}

/**
 * One photo of the caller's open application: checked and re-encoded (id-image.ts), stored under a new random key,
 * and the row pointed at it; a photo of the same side uploaded before is deleted. Someone else's application, a
 * decided one or none: 'not-found' (the same answer, so nothing reveals which). A refused image stores nothing.
 */
export async function uploadKycImage(parts: UploadParts, request: UploadRequest): Promise<UploadOutcome> {
  const { db, storage } = parts;
  const owned = await findOpenApplication(db, request.customerId, request.applicationId);
  if (!owned) return request.side === 'selfie' ? uploadCheckSelfie(parts, request) : { kind: 'not-found' };

  const image = await checkIdImage(request.imageData);
  if (!image.ok) return { kind: 'refused', field: image.field, message: image.message };

  const key = newStorageKey();
  await storage.put(key, image.jpeg);
  const column = keyColumn[request.side];
  let saved: { row: ApplicationRow; replacedKey: string | undefined } | undefined;
  try {
    saved = await db.transaction().execute(async (trx) => {
      // Locked, so two uploads of one side at once each see the other's key and no file is orphaned.
      const current = await trx
        .selectFrom('kyc_applications')
        .selectAll()
        .where('id', '=', owned.id)
        .where('status', 'in', openStatuses)
        .forUpdate()
        .executeTakeFirst();
      if (!current) return undefined;
      const keys = { front_key: current.front_key, back_key: current.back_key, selfie_key: current.selfie_key, [column]: key };
      const complete = keys.front_key !== null && keys.back_key !== null && keys.selfie_key !== null;
      const row = await trx
        .updateTable('kyc_applications')
        .set({ [column]: key, status: complete ? 'uploaded' : 'started', updated_at: parts.now })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, replacedKey: current[column] ?? undefined };
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  if (!saved) {
    // Decided between the two reads: keep nothing.
    await storage.delete(key);
    return { kind: 'not-found' };
  }
  if (saved.replacedKey !== undefined) await storage.delete(saved.replacedKey);
  return {
    kind: 'stored',
    applicationId: saved.row.public_id,
    side: request.side,
    status: saved.row.status,
    imageUrl: kycImageLink({ key, customerId: request.customerId, signingKey: parts.signingKey, now: parts.now }),
    replacedKey: saved.replacedKey,
  };
}

/**
 * A fresh selfie for an order-time face check (connect/verifyorder/verify): only the selfie side, only to the caller's
 * own application that is verified and decided (its photos are gone; its face embedding is kept). Stored under a new
 * key in check_selfie_key until the check runs, which deletes it; a selfie uploaded before and not checked yet is
 * replaced (and deleted). Anything else: 'not-found', as for any upload to a decided application.
 */
async function uploadCheckSelfie(parts: UploadParts, request: UploadRequest): Promise<UploadOutcome> {
  const { db, storage } = parts;
  const verified = await findFaceCheckApplication(db, request.customerId, request.applicationId);
  if (!verified) return { kind: 'not-found' };

  const image = await checkIdImage(request.imageData);
  if (!image.ok) return { kind: 'refused', field: image.field, message: image.message };

  const key = newStorageKey();
  await storage.put(key, image.jpeg);
  let replacedKey: string | null | undefined;
  try {
    replacedKey = await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('kyc_applications')
        .select(['id', 'check_selfie_key'])
        .where('id', '=', verified.id)
        .where('status', '=', 'verified')
        .forUpdate()
        .executeTakeFirst();
      if (!current) return undefined;
      // updated_at stamps the upload: the sweep removes a check selfie left unchecked (face-check-leftovers.ts).
      await trx.updateTable('kyc_applications').set({ check_selfie_key: key, updated_at: parts.now }).where('id', '=', current.id).execute();
      return current.check_selfie_key;
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  if (replacedKey === undefined) {
    await storage.delete(key);
    return { kind: 'not-found' };
  }
  if (replacedKey !== null) await storage.delete(replacedKey);
  return {
    kind: 'stored',
    applicationId: verified.public_id,
    side: 'selfie',
    status: 'verified',
    imageUrl: kycImageLink({ key, customerId: request.customerId, signingKey: parts.signingKey, now: parts.now }),
    replacedKey: replacedKey ?? undefined,
  };
}

/** The caller's application that made them verified (decided, with its face kept): the one face checks compare with. */
export async function findFaceCheckApplication(db: Kysely<Database>, customerId: number, applicationId: string): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('kyc_applications')
    .innerJoin('customers', 'customers.id', 'kyc_applications.customer_id')
    .selectAll('kyc_applications')
    .where('kyc_applications.public_id', '=', applicationId)
    .where('kyc_applications.customer_id', '=', customerId)
    .where('kyc_applications.status', '=', 'verified')
    .where('kyc_applications.decided_at', 'is not', null)
    .where('customers.is_verified', '=', true)
    .executeTakeFirst();
}

async function findOpenApplication(db: Kysely<Database>, customerId: number, applicationId: string): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('kyc_applications')
    .selectAll()
    .where('public_id', '=', applicationId)
    .where('customer_id', '=', customerId)
    .where('status', 'in', openStatuses)
    .executeTakeFirst();
}

export type ImageRead = { kind: 'image'; bytes: Uint8Array } | { kind: 'not-found' } | { kind: 'expired' } | { kind: 'invalid' };

/**
 * A stored photo through its signed link: only a storage key of the caller's own application (anything else, a path
 * included, is 'not-found', the same answer whether or not it exists), then only with a valid, unexpired signature.
 */
export async function readKycImage(parts: UploadParts, request: { customerId: number; key: string; exp: string; sig: string }): Promise<ImageRead> {
  const { key, customerId } = request;
  if (!isStorageKey(key) || !(await ownsKycImage(parts.db, customerId, key))) return { kind: 'not-found' };
  const check = checkKycLink({ key, customerId, signingKey: parts.signingKey, now: parts.now, exp: request.exp, sig: request.sig });
  if (check !== 'ok') return { kind: check };
  const bytes = await parts.storage.get(key);
  return bytes === undefined ? { kind: 'not-found' } : { kind: 'image', bytes };
}

/** True when key is one of the caller's application photos (any status): the owner check of a signed link. */
async function ownsKycImage(db: Kysely<Database>, customerId: number, key: string): Promise<boolean> {
  const row = await db
    .selectFrom('kyc_applications')
    .select('id')
    .where('customer_id', '=', customerId)
    .where((eb) => eb.or([eb('front_key', '=', key), eb('back_key', '=', key), eb('selfie_key', '=', key), eb('check_selfie_key', '=', key)]))
    .executeTakeFirst();
  return row !== undefined;
}
