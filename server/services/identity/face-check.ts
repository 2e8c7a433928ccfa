import type { Kysely } from 'kysely';
import { kycMessages, type VerifyOrderReply } from '../../../src/api/contract/kyc.contract.ts';
import type { IdentityVerifier } from '../../adapters/identity/identity-port.ts';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Database } from '../../db/schema.ts';
import { facePassLifetimeMs } from '../../../src/rules/face-check.ts';
import { tooYoungMessage } from '../../../src/rules/age.ts';
import { isRefusedUnderAge } from './customer-verification.ts';
import { findFaceCheckApplication } from './kyc-applications.ts';

export const faceCheckMessages = {
  cartNotFound: 'Cart not found',
} as const;

export interface FaceCheckParts {
  db: Kysely<Database>;
  storage: FileStorage;
  identity: IdentityVerifier;
  now: Date;
}

export interface FaceCheckRequest {
  customerId: number;
  applicationId: string;
  /**
   * The spec's orderID. No order exists before place order, only the open cart it is placed from: the id the client
   * sends here is the cart id (as place order's cart_id), and the pass is recorded against that cart.
   */
  cartId: string;
}

export type FaceCheckOutcome = { kind: 'not-found'; what: string } | { kind: 'reply'; reply: VerifyOrderReply };

const answer = (message: string, faceMatchPercent?: number): FaceCheckOutcome => ({
  kind: 'reply',
  reply: faceMatchPercent === undefined ? { code: 2, message } : { code: 2, message, data: { faceMatch: false, faceMatchPercent } },
});

/** The kept embedding, checked: a JSON column is not trusted to hold a vector. */
function embeddingOf(value: unknown): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const numbers = value.filter((n): n is number => typeof n === 'number');
  return numbers.length > 0 && numbers.length === value.length ? numbers : undefined;
}

/**
 * POST connect/verifyorder/verify: the fresh selfie uploaded to the caller's verified application, compared with the
 * face kept at verification. The selfie is taken off the application before the comparison and deleted after it,
 * whatever the outcome (one selfie, one check). A match records a face pass for the caller's open cart, valid for 15
 * minutes; place order takes it (server/services/checkout/age-restriction.ts).
 *
 * Someone else's application, or an application that did not make the caller verified: 'Face Match Id Not Available.'
 * (code 2) for the caller's own, 404 for anyone else's (nothing said about it); a caller refused as 21 or under gets the
 * spec's age refusal with refusal 'under-21' instead (walk 4). Someone else's cart, or no open cart: 404.
 */
export async function checkOrderFace(parts: FaceCheckParts, request: FaceCheckRequest): Promise<FaceCheckOutcome> {
  const { db, storage, identity, now } = parts;
  const own = await db
    .selectFrom('kyc_applications')
    .select('id')
    .where('public_id', '=', request.applicationId)
    .where('customer_id', '=', request.customerId)
    .executeTakeFirst();
  if (!own) return { kind: 'not-found', what: 'Application not found.' };
  const application = await findFaceCheckApplication(db, request.customerId, request.applicationId);
  const embedding = embeddingOf(application?.face_embedding);
  if (!application || !embedding) {
    if (await isRefusedUnderAge(db, request.customerId)) return { kind: 'reply', reply: { code: 2, message: tooYoungMessage, refusal: 'under-21' } };
    return answer(kycMessages.faceMatchIdMissing);
  }

  const cart = await db
    .selectFrom('carts')
    .select('id')
    .where('id', '=', request.cartId)
    .where('customer_id', '=', request.customerId)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (!cart) return { kind: 'not-found', what: faceCheckMessages.cartNotFound };

  // Take the selfie off the application first: two checks at once cannot both use it.
  const selfieKey = application.check_selfie_key;
  if (selfieKey === null) return answer(kycMessages.selfieMissing);
  const taken = await db
    .updateTable('kyc_applications')
    .set({ check_selfie_key: null })
    .where('id', '=', application.id)
    .where('check_selfie_key', '=', selfieKey)
    .returning('id')
    .executeTakeFirst();
  if (!taken) return answer(kycMessages.selfieMissing);

  let comparison;
  try {
    const bytes = await storage.get(selfieKey);
    if (bytes === undefined) return answer(kycMessages.selfieMissing);
    comparison = await identity.compareWithEmbedding(embedding, Buffer.from(bytes));
  } catch {
    return answer(kycMessages.somethingWrong);
  } finally {
    await storage.delete(selfieKey);
  }

  if (comparison.kind === 'refused') return answer(comparison.message);
  if (comparison.kind === 'mismatch') return answer(kycMessages.orderFaceFailed, comparison.faceMatchPercent);
  await db
    .insertInto('face_passes')
    .values({
      customer_id: request.customerId,
      cart_id: cart.id,
      application_id: application.id,
      face_match_percent: comparison.faceMatchPercent,
      created_at: now,
      expires_at: new Date(now.getTime() + facePassLifetimeMs),
    })
    .execute();
  return { kind: 'reply', reply: { code: 1, data: { faceMatch: true, faceMatchPercent: comparison.faceMatchPercent } } };
}
