import type { Kysely } from 'kysely';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Database } from '../../db/schema.ts';
import { deletePhotos, verifyingLeaseMs } from './kyc-verification.ts';

/** An application not decided within this long after it was started is abandoned (the privacy page says 30 days). */
export const abandonedAfterDays = 30;
const abandonedAfterMs = abandonedAfterDays * 24 * 60 * 60 * 1000;

/**
 * Removes the applications nobody decided within 30 days of starting them (decided_at still null): started or
 * uploaded and never verified, and matched but never customer-verified (those hold the full date of birth, the
 * document hash and the photos). Their photos are deleted from storage and the rows themselves deleted.
 *
 * Why delete the row rather than mark it 'abandoned': an undecided application holds no decision, and the issue keeps
 * only what a decision needs (the decision, the birth year, the match figure); deleting leaves nothing personal behind
 * (the date of birth and the document hash go with it) and needs no new status that every reader of kyc_applications
 * (the KYC screen's contract, sign-in's verification_id, the dashboard) would have to learn. The customer simply
 * starts again: the KYC screen makes a new application, and the dashboard shows 'not started'.
 *
 * Safe beside live requests: a verification in flight (its lease fresh) is left for the next pass; an upload holding
 * the row's lock finishes first, and the delete then re-checks the row. The rows go in one statement, the files after
 * it (a file whose delete fails is logged by the caller and orphaned, never left pointed to by a row).
 */
export async function removeAbandonedApplications(parts: { db: Kysely<Database>; storage: FileStorage; now: Date }): Promise<{ removed: number }> {
  const { db, storage, now } = parts;
  const cutoff = new Date(now.getTime() - abandonedAfterMs);
  const leaseEnd = new Date(now.getTime() - verifyingLeaseMs);
  const removed = await db
    .deleteFrom('kyc_applications')
    .where('decided_at', 'is', null)
    .where('created_at', '<', cutoff)
    .where((eb) => eb.or([eb('verifying_since', 'is', null), eb('verifying_since', '<', leaseEnd)]))
    .returning(['front_key', 'back_key', 'selfie_key'])
    .execute();
  for (const photos of removed) await deletePhotos(storage, photos);
  return { removed: removed.length };
}
