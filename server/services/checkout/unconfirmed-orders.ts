import type { Kysely } from 'kysely';
import { payOnDeliveryMessages } from '../../../src/rules/pay-on-delivery.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { startPeriodicPass, type PeriodicPass, type SweepTurn } from '../platform/periodic-pass.ts';
import { giveBackOrder } from '../payments/order-give-back.ts';

/** One unconfirmed pay-on-delivery order released: for the operator's log line (order_releases keeps the same). */
export interface ReleasedOrder {
  orderId: number;
  orderNumber: string;
  email: string;
  units: number;
}

/** Orders released per pass, so one pass stays short however large the backlog. */
const batchSize = 25;

/**
 * Releases pay-on-delivery orders whose emailed link was not used in time: each order is cancelled and gives back its
 * stock, driver slot seats and coupon use in one transaction, recorded in order_releases. An order confirmed
 * meanwhile is left alone (the status update is conditional), so the sweep and a late click never both win.
 */
export async function releaseUnconfirmedOrders(db: Kysely<Database>, now: Date): Promise<ReleasedOrder[]> {
  const due = await db
    .selectFrom('order_confirmations as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select('o.id')
    .where('o.status', '=', 'awaiting_confirmation')
    .where('c.confirmed_at', 'is', null)
    .where('c.expires_at', '<=', now)
    .orderBy('o.id')
    .limit(batchSize)
    .execute();
  const released: ReleasedOrder[] = [];
  for (const { id } of due) {
    const one = await releaseOrder(db, id);
    if (one) released.push(one);
  }
  return released;
}

/**
 * Releases one order still waiting for its email (the sweep's, or a confirmation refused by the limits: `reason`
 * says which); undefined when it no longer waits.
 */
export async function releaseOrder(
  db: Kysely<Database>,
  orderId: number,
  reason: string = payOnDeliveryMessages.releasedReason,
): Promise<ReleasedOrder | undefined> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .updateTable('orders')
      .set({ status: 'canceled', payment_message: reason, updated_at: new Date() })
      .where('id', '=', orderId)
      .where('status', '=', 'awaiting_confirmation')
      .returning(['increment_id', 'email', 'coupon_code'])
      .executeTakeFirst();
    if (!order) return undefined;
    const units = await giveBackOrder(trx, { id: orderId, coupon_code: order.coupon_code });
    await trx.insertInto('order_releases').values({ order_id: orderId, reason, units }).execute();
    return { orderId, orderNumber: order.increment_id, email: order.email, units };
  });
}

export interface UnconfirmedOrderSweepSettings {
  db: Kysely<Database>;
  everyMs: number;
  /** Whether this instance's turn it is (decision 042); absent: always. */
  myTurn?: SweepTurn | undefined;
  clock: () => Date;
  log: Log;
}

/**
 * Runs releaseUnconfirmedOrders every `everyMs`, one pass at a time, and logs each release for the operator (one
 * structured line per pass: order, email, units). stop() ends it and waits for a pass in flight.
 */
export function startUnconfirmedOrderSweep(settings: UnconfirmedOrderSweepSettings): PeriodicPass {
  const { db, log } = settings;
  const sweep = async () => {
    const released = await releaseUnconfirmedOrders(db, settings.clock());
    if (released.length > 0) log.info({ released }, 'unconfirmed pay-on-delivery orders released: stock, seats and coupon uses given back');
  };
  return startPeriodicPass('unconfirmed-orders', settings.everyMs, log, 'unconfirmed order sweep failed', sweep, settings.myTurn);
}
