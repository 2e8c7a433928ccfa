import type { Kysely } from 'kysely';
import type { CustomerVerifyReply, IdentityStanding } from '../../../src/api/contract/kyc.contract.ts';
import { checkAge, tooYoungMessage } from '../../../src/rules/age.ts';
import { storeToday } from '../../../src/rules/delivery-dates.ts';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Database } from '../../db/schema.ts';
import { deletePhotos } from './kyc-verification.ts';

export const customerVerifyMessages = {
  verified: 'Customer Verified.',
  notMatched: 'This application has not passed face verification. Please complete KYC first.',
} as const;

export type CustomerVerifyOutcome = { kind: 'not-found' } | { kind: 'reply'; reply: CustomerVerifyReply };

const refused = (message: string): CustomerVerifyOutcome => ({ kind: 'reply', reply: { code: -1, message } });

/**
 * POST api/customer/customerverify: the final decision on an application. Only the caller's own application that
 * matched (status 'verified') counts, and the age is the server's own: checkAge on the date of birth verify read,
 * on the store's calendar date. Over 21: customers.is_verified. 21 or under: the application is refused with the
 * spec's words. Either way the decision is final: the three photos are deleted, their keys and the full date of
 * birth cleared (the decision, the birth year and the match figure stay). Everything in one transaction with the row
 * locked, so two calls at once decide once; the files go after the commit.
 */
export async function verifyCustomer(
  parts: { db: Kysely<Database>; storage: FileStorage; now: Date },
  request: { customerId: number; applicationId: string },
): Promise<CustomerVerifyOutcome> {
  const { db, storage, now } = parts;
  const result = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('kyc_applications')
      .selectAll()
      .where('public_id', '=', request.applicationId)
      .where('customer_id', '=', request.customerId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { outcome: { kind: 'not-found' } as const };
    if (row.status === 'refused' && row.refusal_reason === 'under-21') return { outcome: refused(tooYoungMessage) };
    if (row.status !== 'verified') return { outcome: refused(customerVerifyMessages.notMatched) };
    if (row.decided_at !== null) {
      // Decided before: the same answer again, nothing to delete.
      return { outcome: { kind: 'reply', reply: { code: 1, message: customerVerifyMessages.verified } } as const };
    }
    const age = checkAge(row.date_of_birth ?? '', storeToday(now));
    const decision = {
      front_key: null,
      back_key: null,
      selfie_key: null,
      date_of_birth: null,
      decided_at: now,
      updated_at: now,
    };
    if (age.kind !== 'over-21') {
      const reason = age.kind === 'too-young' ? 'under-21' : 'unreadable-date';
      await trx
        .updateTable('kyc_applications')
        .set({ ...decision, status: 'refused', refusal_reason: reason, face_embedding: null })
        .where('id', '=', row.id)
        .execute();
      return { outcome: refused(age.message), photos: row };
    }
    await trx.updateTable('kyc_applications').set(decision).where('id', '=', row.id).execute();
    await trx.updateTable('customers').set({ is_verified: true }).where('id', '=', request.customerId).execute();
    return { outcome: { kind: 'reply', reply: { code: 1, message: customerVerifyMessages.verified } } as const, photos: row };
  });
  if ('photos' in result && result.photos) await deletePhotos(storage, result.photos);
  return result.outcome;
}

/**
 * Sign-in's verification_id: the caller's application that made them verified (the latest decided 'verified' one),
 * or '' when none did.
 */
export async function verificationIdOf(db: Kysely<Database>, customerId: number): Promise<string> {
  const row = await db
    .selectFrom('kyc_applications')
    .select('public_id')
    .where('customer_id', '=', customerId)
    .where('status', '=', 'verified')
    .where('decided_at', 'is not', null)
    .orderBy('decided_at', 'desc')
    .executeTakeFirst();
  return row?.public_id ?? '';
}

/**
 * Walk 4: true when the customer is not verified and their latest decided application refused them as 21 or under.
 * The checkout then says why a drink cannot be ordered instead of asking to verify again. An application opened
 * since (nothing decided) does not hide it; a later decision (verified, or another refusal) replaces it.
 */
export async function isRefusedUnderAge(db: Kysely<Database>, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('kyc_applications')
    .innerJoin('customers', 'customers.id', 'kyc_applications.customer_id')
    .select(['kyc_applications.status', 'kyc_applications.refusal_reason', 'customers.is_verified'])
    .where('kyc_applications.customer_id', '=', customerId)
    .where('kyc_applications.decided_at', 'is not', null)
    .orderBy('kyc_applications.decided_at', 'desc')
    .orderBy('kyc_applications.id', 'desc')
    .executeTakeFirst();
  return row !== undefined && !row.is_verified && row.status === 'refused' && row.refusal_reason === 'under-21';
}

/**
 * The caller's identity as the database holds it now (api/customer/identity): the application that made them verified,
 * and 'under-21' when their latest decision refused them as 21 or under. Read on every ask, never from the session.
 */
export async function identityStandingOf(db: Kysely<Database>, customerId: number): Promise<IdentityStanding> {
  const [verificationId, underAge] = await Promise.all([verificationIdOf(db, customerId), isRefusedUnderAge(db, customerId)]);
  return underAge ? { verification_id: verificationId, refusal: 'under-21' } : { verification_id: verificationId };
}
