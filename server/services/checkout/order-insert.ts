import { sql, type Insertable } from 'kysely';
import type { OrdersTable } from '../../db/schema.ts';
import { statementShape } from '../../db/statement-shapes.ts';

/** The columns place order writes on the order row: every one given, null where it has none (a fixed text). */
export type OrderInsertValues = Required<
  Pick<
    Insertable<OrdersTable>,
    | 'customer_id'
    | 'cart_id'
    | 'status'
    | 'email'
    | 'email_canonical'
    | 'zipcode'
    | 'speed_id'
    | 'retailer_loc_id'
    | 'address_id'
    | 'shipping_address'
    | 'payment_mode'
    | 'payment_method'
    | 'payment_gateway'
    | 'payment_method_id'
    | 'payment_token'
    | 'card_brand'
    | 'card_last4'
    | 'bank_mandate'
    | 'upi_id'
    | 'subtotal_cents'
    | 'discount_cents'
    | 'delivery_fee_cents'
    | 'fee_cents'
    | 'taxes_cents'
    | 'tip_percent'
    | 'tip_cents'
    | 'grand_total_cents'
    | 'coupon_code'
    | 'coupon_percent_bp'
    | 'gift_message'
  >
>;

/** What the order's statement takes besides the row: the stock it takes per offer, and whether it claims its charge. */
export type OrderInsertParams = OrderInsertValues & {
  offerIds: number[];
  units: number[];
  /** The request placing the order charges it after the commit and claims the charge here (pay on delivery: none). */
  claimCharge: boolean;
  now: Date;
};

/**
 * The order row with the stock it takes as a CTE (decision 072), built once (issue 27: some 35 columns were built and
 * compiled on every order). The offers were locked before, so the update waits for nothing; a unique clash on the
 * order fails the whole statement, stock and all. The cart closes in the same statement (decision 084: a round trip
 * fewer): claimed by the orderer if it was a bare guest cart, its held seats deleted and booked on their slots, one
 * upsert per slot (a statement per hold before).
 */
export const orderInsert = statementShape<OrderInsertParams>()((db, value) =>
  db
    .with(
      'taken',
      () =>
        sql`(update variant_offers set stock = variant_offers.stock - taken.units
        from unnest(${value('offerIds')}::int[], ${value('units')}::int[]) as taken(offer_id, units) where variant_offers.id = taken.offer_id)`,
    )
    .with('closed', (cte) =>
      cte
        .updateTable('carts')
        .set({ status: 'ordered', customer_id: sql<number>`coalesce(customer_id, ${value('customer_id')})`, updated_at: value('now') })
        .where('id', '=', value('cart_id')),
    )
    .with('released', (cte) => cte.deleteFrom('slot_holds').where('cart_id', '=', value('cart_id')).returning(['template_id', 'slot_date']))
    .with(
      'booked',
      () =>
        sql`(insert into driver_slots (template_id, slot_date, booked)
        select template_id, slot_date, count(*)::int from released group by template_id, slot_date
        on conflict (template_id, slot_date) do update set booked = driver_slots.booked + excluded.booked)`,
    )
    .insertInto('orders')
    .values({
      customer_id: value('customer_id'),
      cart_id: value('cart_id'),
      status: value('status'),
      email: value('email'),
      email_canonical: value('email_canonical'),
      zipcode: value('zipcode'),
      speed_id: value('speed_id'),
      retailer_loc_id: value('retailer_loc_id'),
      address_id: value('address_id'),
      shipping_address: value('shipping_address'),
      payment_mode: value('payment_mode'),
      payment_method: value('payment_method'),
      payment_gateway: value('payment_gateway'),
      payment_ref: null,
      payment_method_id: value('payment_method_id'),
      payment_token: value('payment_token'),
      charge_started_at: sql<Date | null>`case when ${value('claimCharge')}::boolean then now() end`,
      card_brand: value('card_brand'),
      card_last4: value('card_last4'),
      bank_mandate: value('bank_mandate'),
      upi_id: value('upi_id'),
      payment_message: null,
      subtotal_cents: value('subtotal_cents'),
      discount_cents: value('discount_cents'),
      delivery_fee_cents: value('delivery_fee_cents'),
      fee_cents: value('fee_cents'),
      taxes_cents: value('taxes_cents'),
      tip_percent: value('tip_percent'),
      tip_cents: value('tip_cents'),
      grand_total_cents: value('grand_total_cents'),
      coupon_code: value('coupon_code'),
      coupon_percent_bp: value('coupon_percent_bp'),
      gift_message: value('gift_message'),
    })
    .returningAll(),
);
