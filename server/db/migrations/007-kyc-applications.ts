import { sql, type Kysely } from 'kysely';

/**
 * KYC applications (issue 11): one customer's attempt at identity verification, named to the client by a random
 * public id (the spec's Application ID, used in upload file names and by verify). The three photos live in the storage
 * adapter under random keys; the row holds only those keys, so a decision can delete the photos and keep the outcome.
 *
 * 'started' → 'uploaded' (all three photos present) → 'verified' or 'refused' (decided_at set). At most one open
 * application ('started' or 'uploaded') per customer, whatever two requests do at once: get-or-create leans on that.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kyc_applications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`public_id ~ '^[0-9a-f]{32}$'`),
    )
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('started')
        .check(sql`status in ('started', 'uploaded', 'verified', 'refused')`),
    )
    .addColumn('front_key', 'text')
    .addColumn('back_key', 'text')
    .addColumn('selfie_key', 'text')
    .addColumn('refusal_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('kyc_applications_customer_idx').on('kyc_applications').columns(['customer_id', 'created_at']).execute();
  await sql`create unique index kyc_applications_one_open_idx on kyc_applications (customer_id) where status in ('started', 'uploaded')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kyc_applications').execute();
}
