import { sql, type Kysely } from 'kysely';

/**
 * Each seller handles their own part of an order: an order with a butcher's ribeye and a fishmonger's salmon has one
 * order_deliverables row per seller location, and each now moves on its own.
 *
 * - order_deliverables.fulfilment_state: where this seller's part is (src/rules/fulfilment.ts's table applies to it);
 *   orders.fulfilment_state stays, now derived from its parts (orderStateOfParts) in the move's transaction.
 * - order_events.deliverable_id: the part a step moved (null: the whole order, as a cancel), so the timeline names the
 *   seller who took it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_deliverables add column fulfilment_state text not null default 'placed'`.execute(db);
  await sql`update order_deliverables d set fulfilment_state = o.fulfilment_state from orders o where o.id = d.order_id and o.fulfilment_state <> 'placed'`.execute(
    db,
  );
  await sql`alter table order_events add column deliverable_id integer references order_deliverables(id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_events drop column if exists deliverable_id`.execute(db);
  await sql`alter table order_deliverables drop column if exists fulfilment_state`.execute(db);
}
