import { sql, type Kysely } from 'kysely';

/**
 * Issue 24 items 4-5 (decision 039): catch-weight pricing and substitutions.
 *
 * - products.sold_by_weight: priced at a nominal weight (the variant's size) and weighed when packed; the seed sets it
 *   for steaks, chops, roasts and fish fillets.
 * - orders.authorised_cents: what the payment holds (card) or took (UPI, bank): the estimate plus the margin on the
 *   weighed lines; null = the grand total. orders.capture_state: 'held' (a card authorised, captured at packing),
 *   'captured', 'released' (canceled before capture); null = charged in full when placed. orders.final_total_cents:
 *   the order's cost once weighed and substituted (set at packing): the capture, the refund of the difference, or the
 *   amount due at the door.
 * - order_items.substitution_pref: the shopper's choice at checkout; substitution_state with the substitute's product,
 *   variant, offer, name and price: the seller's proposal and the answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('sold_by_weight', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('authorised_cents', 'integer')
    .addColumn('capture_state', 'text')
    .addColumn('final_total_cents', 'integer')
    .execute();
  await sql`alter table orders add constraint orders_capture_state_check check (capture_state in ('held', 'captured', 'released'))`.execute(db);
  await db.schema
    .alterTable('order_items')
    .addColumn('substitution_pref', 'text', (c) => c.notNull().defaultTo('similar'))
    .addColumn('substitution_state', 'text')
    .addColumn('substitute_product_id', 'integer')
    .addColumn('substitute_variant_id', 'integer')
    .addColumn('substitute_offer_id', 'integer')
    .addColumn('substitute_name', 'text')
    .addColumn('substitute_price_cents', 'integer')
    .execute();
  await sql`alter table order_items add constraint order_items_substitution_pref_check check (substitution_pref in ('similar', 'same_brand', 'refund'))`.execute(
    db,
  );
  await sql`alter table order_items add constraint order_items_substitution_state_check check (substitution_state in ('proposed', 'approved', 'refused', 'out'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'substitute_price_cents',
    'substitute_name',
    'substitute_offer_id',
    'substitute_variant_id',
    'substitute_product_id',
    'substitution_state',
    'substitution_pref',
  ]) {
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  }
  for (const column of ['final_total_cents', 'capture_state', 'authorised_cents']) await db.schema.alterTable('orders').dropColumn(column).execute();
  await db.schema.alterTable('products').dropColumn('sold_by_weight').execute();
}
