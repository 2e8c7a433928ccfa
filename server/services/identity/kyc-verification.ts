import { createHmac } from 'node:crypto';
import type { Kysely, Selectable, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { kycMessages, type VerifyKycReply } from '../../../src/api/contract/kyc.contract.ts';
import type { IdentityVerifier } from '../../adapters/identity/identity-port.ts';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Database, KycApplicationsTable } from '../../db/schema.ts';
import { checkAge } from '../../../src/rules/age.ts';
import { storeToday } from '../../../src/rules/delivery-dates.ts';

type ApplicationRow = Selectable<KycApplicationsTable>;

/** A verification that started this long ago and never finished (a crashed instance) no longer holds the application. */
export const verifyingLeaseMs = 2 * 60 * 1000;

export const verifyMessages = {
  busy: 'This application is already being verified. Please wait a moment.',
  decided: 'This application has already been decided. Please start a new one.',
} as const;

export interface VerifyParts {
  db: Kysely<Database>;
  storage: FileStorage;
  identity: IdentityVerifier;
  /** Keys the document number's hash (the uploads signing key). */
  hashKey: string;
  now: Date;
}

export type VerifyOutcome = { kind: 'not-found' } | { kind: 'reply'; reply: VerifyKycReply };

const noMatch = (message: string, faceMatchPercent = 0): VerifyOutcome => ({
  kind: 'reply',
  reply: { code: 2, message, data: { faceMatch: false, faceMatchPercent, dob: '', aadharNumber: '' } },
});
const message2 = (message: string): VerifyOutcome => ({ kind: 'reply', reply: { code: 2, message } });

/**
 * The document number is kept only as HMAC-SHA256 under a server key: enough to see the same document on two
 * accounts (same key), useless to whoever reads the database alone (a plain hash of an 8-character number is
 * guessed in seconds). The number itself is answered once, to its owner, in the verify reply, and never stored.
 */
export function documentHash(documentNumber: string, key: string): string {
  return createHmac('sha256', key).update(`kyc-document\n${documentNumber.toUpperCase()}`).digest('hex');
}

/** The photos of a decided application go: deleted from storage, keys cleared. Safe to call twice. */
export async function deletePhotos(storage: FileStorage, row: Pick<ApplicationRow, 'front_key' | 'back_key' | 'selfie_key'>): Promise<void> {
  for (const key of [row.front_key, row.back_key, row.selfie_key]) {
    if (key !== null) await storage.delete(key);
  }
}

/**
 * POST connect/verifycustomer/verify: the caller's own application, all three photos present, then the identity
 * engine on the ID front and the selfie. Matched: status 'verified' with the figure, the date of birth (kept whole
 * until customer verify's age decision) and the document number's hash; the photos stay until that decision.
 * Mismatch or refusal: status 'refused' with the reason, and the photos deleted at once (a decision; the shopper
 * retries with a new application). One verification at a time per application: a second is answered 'busy'.
 */
export async function verifyApplication(parts: VerifyParts, request: { customerId: number; applicationId: string }): Promise<VerifyOutcome> {
  const { db, now } = parts;
  const row = await db
    .selectFrom('kyc_applications')
    .selectAll()
    .where('public_id', '=', request.applicationId)
    .where('customer_id', '=', request.customerId)
    .executeTakeFirst();
  if (!row) return { kind: 'not-found' };
  if (row.status === 'verified' || row.status === 'refused') return message2(verifyMessages.decided);
  if (row.front_key === null) return message2(kycMessages.frontMissing);
  if (row.back_key === null) return message2(kycMessages.backMissing);
  if (row.selfie_key === null) return message2(kycMessages.selfieMissing);

  // Claim the application: only one verification at a time (across instances too: the claim is in the row).
  const leaseEnd = new Date(now.getTime() - verifyingLeaseMs);
  const claimed = await db
    .updateTable('kyc_applications')
    .set({ verifying_since: now })
    .where('id', '=', row.id)
    .where('status', '=', 'uploaded')
    .where((eb) => eb.or([eb('verifying_since', 'is', null), eb('verifying_since', '<', leaseEnd)]))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) return message2(verifyMessages.busy);

  try {
    return await verifyClaimed(parts, claimed);
  } finally {
    await db.updateTable('kyc_applications').set({ verifying_since: null }).where('id', '=', claimed.id).execute();
  }
}

async function verifyClaimed(parts: VerifyParts, row: ApplicationRow): Promise<VerifyOutcome> {
  const { db, storage, identity, now } = parts;
  const [idFront, selfie] = await Promise.all([readPhoto(storage, row.front_key), readPhoto(storage, row.selfie_key)]);
  if (!idFront) return message2(kycMessages.frontMissing);
  if (!selfie) return message2(kycMessages.selfieMissing);

  let verdict;
  try {
    verdict = await identity.verifyIdentity({ idFront, selfie, reference: row.public_id });
  } catch {
    // The engine failed (worker gone, timeout): nothing is decided, the shopper may try again.
    return message2(kycMessages.somethingWrong);
  }

  // A vendor still waiting for the shopper (or processing): nothing decided, photos kept, the claim released (finally).
  if (verdict.kind === 'pending') {
    const reply: VerifyKycReply = { code: 2, message: verdict.message, pending: true };
    return { kind: 'reply', reply: verdict.continueUrl === null ? reply : { ...reply, verificationUrl: verdict.continueUrl } };
  }

  // The decision is written only if the photos are still the ones judged (an upload in between would change them).
  const samePhotos = db
    .updateTable('kyc_applications')
    .where('id', '=', row.id)
    .where('status', '=', 'uploaded')
    .where('front_key', '=', row.front_key)
    .where('back_key', '=', row.back_key)
    .where('selfie_key', '=', row.selfie_key);

  // The age is the server's decision, recorded here (walk 4: a client that showed the refusal and never called customer
  // verify left a matched, undecided application shown as pending). Over 21 waits for customer verify, as before.
  const age = verdict.kind === 'matched' ? checkAge(verdict.dateOfBirth, storeToday(now)) : undefined;
  if (verdict.kind === 'matched' && age !== undefined && age.kind !== 'over-21') {
    const tooYoung = age.kind === 'too-young';
    const refusal = {
      reason: tooYoung ? 'under-21' : 'unreadable-date',
      faceMatchPercent: verdict.faceMatchPercent,
      birthYear: tooYoung ? Number(verdict.dateOfBirth.slice(6)) : null,
    };
    if (!(await refuse(parts, samePhotos, row, refusal))) return message2(kycMessages.somethingWrong);
    // The match itself is answered as before: the client shows the spec's age refusal from the date of birth.
    return matchedReply(verdict);
  }

  if (verdict.kind === 'matched') {
    const written = await samePhotos
      .set({
        status: 'verified',
        face_match_percent: verdict.faceMatchPercent,
        date_of_birth: verdict.dateOfBirth,
        birth_year: Number(verdict.dateOfBirth.slice(6)),
        document_hash: verdict.documentNumber === null ? null : documentHash(verdict.documentNumber, parts.hashKey),
        // The verified face, kept for order-time face checks once the photos are deleted (migration 009).
        face_embedding: JSON.stringify(verdict.selfieEmbedding),
        refusal_reason: null,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirst();
    if (!written) return message2(kycMessages.somethingWrong);
    return matchedReply(verdict);
  }

  const faceMatchPercent = verdict.kind === 'mismatch' ? verdict.faceMatchPercent : null;
  const refusal = { reason: verdict.kind === 'mismatch' ? 'face-mismatch' : verdict.reason, faceMatchPercent };
  if (!(await refuse(parts, samePhotos, row, refusal))) return message2(kycMessages.somethingWrong);
  return noMatch(verdict.message, faceMatchPercent ?? 0);
}

/** The update of this application that writes only while its photos are still the ones judged. */
type SamePhotosUpdate = UpdateQueryBuilder<Database, 'kyc_applications', 'kyc_applications', UpdateResult>;

/**
 * A refusal, one decision whatever its cause (a mismatch, the engine's refusal, 21 or under, an unreadable date):
 * status 'refused' with the reason and the figure, the photo keys cleared and decided now, then the photos deleted.
 * The birth year is kept only for an age refusal (the decision's record); left untouched otherwise. False when the
 * photos changed meanwhile (nothing written, nothing deleted).
 */
async function refuse(
  parts: Pick<VerifyParts, 'storage' | 'now'>,
  samePhotos: SamePhotosUpdate,
  row: ApplicationRow,
  refusal: { reason: string; faceMatchPercent: number | null; birthYear?: number | null },
): Promise<boolean> {
  const { storage, now } = parts;
  const written = await samePhotos
    .set({
      status: 'refused',
      refusal_reason: refusal.reason,
      face_match_percent: refusal.faceMatchPercent,
      ...(refusal.birthYear === undefined ? {} : { birth_year: refusal.birthYear }),
      front_key: null,
      back_key: null,
      selfie_key: null,
      decided_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirst();
  if (!written) return false;
  await deletePhotos(storage, row);
  return true;
}

/** Verify's answer to a match (over 21 or not: the age is decided, and told, apart). */
function matchedReply(verdict: { faceMatchPercent: number; dateOfBirth: string; documentNumber: string | null }): VerifyOutcome {
  const { faceMatchPercent, dateOfBirth, documentNumber } = verdict;
  return { kind: 'reply', reply: { code: 1, data: { faceMatch: true, faceMatchPercent, dob: dateOfBirth, aadharNumber: documentNumber ?? '' } } };
}

async function readPhoto(storage: FileStorage, key: string | null): Promise<Buffer | undefined> {
  if (key === null) return undefined;
  const bytes = await storage.get(key);
  return bytes === undefined ? undefined : Buffer.from(bytes);
}
