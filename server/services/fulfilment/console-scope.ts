import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Which orders a console user may see: a seller those with a deliverable at one of their locations, staff every one.
 * Applied to every seller and staff query, so someone else's order is simply not found (404).
 */
export interface ConsoleScope {
  /** A seller's locations; undefined for staff (every location). */
  locIds: readonly number[] | undefined;
  filter: (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>;
}

export function sellerScope(locIds: readonly number[]): ConsoleScope {
  return {
    locIds,
    filter: (eb) =>
      locIds.length === 0
        ? sql<boolean>`false`
        : eb.exists(
            eb
              .selectFrom('order_deliverables as scope_d')
              .select('scope_d.id')
              .whereRef('scope_d.order_id', '=', 'orders.id')
              .where('scope_d.loc_id', 'in', [...locIds]),
          ),
  };
}

export const staffScope: ConsoleScope = { locIds: undefined, filter: () => sql<boolean>`true` };

/** The shopper's own orders: the scope a shopper's cancel runs with (its order lookup also checks the customer). */
export const shopperScope: ConsoleScope = staffScope;

/**
 * The orders sellers see at all: placed ones (paid, or pay on delivery confirmed by the shopper) and any the
 * fulfilment has moved. An order still waiting for its payment or its email's confirmation is not theirs yet, nor
 * ever one the shopper canceled while its bank debit was on its way (canceled_debit set): it was never placed.
 */
export function orderVisibleToSellers() {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    eb.or([
      eb('orders.status', 'in', ['processing', 'pending_payment_on_delivery']),
      eb.and([eb('orders.fulfilment_state', '<>', 'placed'), eb('orders.canceled_debit', 'is', null)]),
    ]);
}

/**
 * The orders a console lists: a seller those sellers see (orderVisibleToSellers); staff those too and every order
 * still waiting for its payment (a bank debit on its way), read-only and marked 'Payment pending', so an order due
 * before its money arrives is seen by someone. Moves on it stay refused (order-transitions.ts reads only sellers' ones).
 */
export function orderListedInConsole(actor: 'seller' | 'staff') {
  if (actor === 'seller') return orderVisibleToSellers();
  return (eb: ExpressionBuilder<Database, 'orders'>) => eb.or([orderVisibleToSellers()(eb), eb('orders.status', '=', 'pending_payment')]);
}

/** An order listed for staff only, until its payment arrives: nothing can be done on it yet. */
export function isAwaitingItsPayment(status: string): boolean {
  return status === 'pending_payment';
}
