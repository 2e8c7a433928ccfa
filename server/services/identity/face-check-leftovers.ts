import type { Kysely } from 'kysely';
import { facePassLifetimeMs } from '../../../src/rules/face-check.ts';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Database } from '../../db/schema.ts';

/**
 * A check selfie not checked within this long of its upload is a leftover: the face check uploads it and asks for
 * the comparison at once, and the comparison deletes it. One pass lifetime (15 minutes) is ample.
 */
export const checkSelfieLeftoverAfterMs = facePassLifetimeMs;

/**
 * What the order-time face check (face-check.ts) can leave behind, removed by the KYC sweep:
 *
 * - face passes that expired unused: they can never let an order through and only say when the shopper looked at the
 *   camera. A pass an order used stays with that order (used_at, order_id): it is the order's proof that the face
 *   check was made, and holds only a match figure.
 * - check selfies (kyc_applications.check_selfie_key) uploaded and never checked: the tab closed between the upload and
 *   the comparison, or the comparison's request died. Each is taken off its row first, with the same conditional
 *   update the check uses, so a check starting at that moment finds no selfie (and says 'Selfie In Not Uploaded.')
 *   rather than a deleted file; then the file goes. updated_at stamps the upload (uploadCheckSelfie sets it, and a
 *   decided application's row changes for nothing else).
 */
export async function removeFaceCheckLeftovers(parts: {
  db: Kysely<Database>;
  storage: FileStorage;
  now: Date;
}): Promise<{ facePasses: number; checkSelfies: number }> {
  const { db, storage, now } = parts;
  const expired = await db.deleteFrom('face_passes').where('used_at', 'is', null).where('expires_at', '<=', now).returning('id').execute();

  const cutoff = new Date(now.getTime() - checkSelfieLeftoverAfterMs);
  const leftovers = await db
    .selectFrom('kyc_applications')
    .select(['id', 'check_selfie_key'])
    .where('check_selfie_key', 'is not', null)
    .where('updated_at', '<', cutoff)
    .execute();
  let checkSelfies = 0;
  for (const { id, check_selfie_key: key } of leftovers) {
    if (key === null) continue;
    const taken = await db
      .updateTable('kyc_applications')
      .set({ check_selfie_key: null })
      .where('id', '=', id)
      .where('check_selfie_key', '=', key)
      .returning('id')
      .executeTakeFirst();
    if (!taken) continue;
    await storage.delete(key);
    checkSelfies += 1;
  }
  return { facePasses: expired.length, checkSelfies };
}
