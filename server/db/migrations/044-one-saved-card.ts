import { sql, type Kysely } from 'kysely';

/**
 * A customer saves a card once (walk 5): the same brand, last four and expiry at the same gateway is the same card (the
 * gateway gives no fingerprint; payment-methods.ts's sameSavedCard). The save path reused an existing card, but two
 * saves at once could both insert. The database now refuses the second row, and the save path reuses the first.
 *
 * Cards saved twice before are merged first: of each set, the one kept is the card the latest order paid with (an
 * order still waiting for its charge keeps its own card), else the first saved; orders that named another copy now
 * name the one kept (the same card at the same provider customer), and only then are the copies deleted. A copy's
 * twin at the provider stays attached there, unused (a migration does not call the provider). A browser that kept a
 * deleted copy's id for checkout drops it as it drops any removed card.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with last_order as (
      select payment_method_id, max(id) as order_id from orders where payment_method_id is not null group by payment_method_id
    ),
    ranked as (
      select pm.id, first_value(pm.id) over (
        partition by pm.customer_id, pm.gateway, pm.brand, pm.last4, pm.exp_month, pm.exp_year
        order by last_order.order_id desc nulls last, pm.id
      ) as kept
      from payment_methods pm left join last_order on last_order.payment_method_id = pm.id
    ),
    copies as (select id, kept from ranked where id <> kept),
    repointed as (
      update orders o set payment_method_id = copies.kept from copies where o.payment_method_id = copies.id returning o.id
    )
    delete from payment_methods pm using copies where pm.id = copies.id`.execute(db);
  await sql`
    create unique index payment_methods_same_card_idx
    on payment_methods (customer_id, gateway, brand, last4, exp_month, exp_year)`.execute(db);
}

/** Lets one card be saved twice again; merged copies are not brought back. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index payment_methods_same_card_idx`.execute(db);
}
