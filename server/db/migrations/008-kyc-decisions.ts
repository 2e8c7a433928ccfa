import type { Kysely } from 'kysely';

/**
 * KYC decisions (issue 11): what verify found and what the decision keeps once the photos are deleted.
 *
 * - face_match_percent: the engine's figure (kept).
 * - date_of_birth: DD/MM/YYYY as read from the ID, only between verify and the age decision (customer verify needs
 *   it); cleared then, birth_year staying (the privacy rule: keep the decision, the year and the figure).
 * - document_hash: HMAC-SHA256 of the document number, never the number itself (see kyc-verification.ts).
 * - verifying_since: set while a verification of this application runs, so a second one at once is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('kyc_applications')
    .addColumn('face_match_percent', 'integer')
    .addColumn('date_of_birth', 'text')
    .addColumn('birth_year', 'integer')
    .addColumn('document_hash', 'text')
    .addColumn('verifying_since', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('kyc_applications')
    .dropColumn('face_match_percent')
    .dropColumn('date_of_birth')
    .dropColumn('birth_year')
    .dropColumn('document_hash')
    .dropColumn('verifying_since')
    .execute();
}
