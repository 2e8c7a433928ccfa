import { sql, type Kysely, type Selectable } from 'kysely';
import type { OrderProblem } from '../../../src/api/contract/checkout.contract.ts';
import { addressRuleMessages } from '../../../src/rules/address-validation.ts';
import { needsAddress, speedIds, type SpeedId } from '../../../src/rules/delivery-speeds.ts';
import { cartIsEmptyRefusal, cartNotFoundMessage } from '../../../src/rules/messages.ts';
import { isTipAllowed, type TipPercent } from '../../../src/rules/tips.ts';
import { upiMessages } from '../../../src/rules/upi.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database, OrdersTable, OrderStatus } from '../../db/schema.ts';
import { addressSnapshot, findOwnAddress, type AddressRow } from '../accounts/addresses.ts';
import { loadDeliveryChoices } from '../cart/cart-view.ts';
import { couponMessages, redeemCoupon } from '../cart/coupons.ts';
import { notServedMessage } from '../catalogue/catalogue-cache.ts';
import { allocateTax, availableSpeedIds, isServedZip, isSpeedForCart, loadOrderBasis, orderTotals } from './order-totals.ts';
import { deliveryMethodOf } from './orders.ts';
import { findOwnCard, type CardRow } from '../payments/payment-methods.ts';
import type { Caller } from '../accounts/sessions.ts';
import { bookSlotHolds, checkSlotHolds } from '../cart/slots.ts';
import { verifyUpi } from '../payments/upi.ts';

/**
 * Place order, first step: one transaction that checks everything, takes the stock and the slot seats, writes the
 * order and closes the cart. The charge happens after it commits (order-payment.ts): a card network call must not
 * hold row locks, and a rolled-back transaction cannot take back a charge. Lock order, the same in every checkout so
 * two never wait on each other: the cart row, the offers by id, then the slots (checkSlotHolds).
 */
export type PaymentChoice = { mode: 2; cardId?: number | undefined; token?: string | undefined } | { mode: 3; upiId: string } | { mode: 4 };

export interface PlaceOrderRequest {
  cartId: string;
  addressId: number | undefined;
  speedId: SpeedId | undefined;
  retailerId: number | undefined;
  tipPercent: TipPercent;
  giftMessage: string | undefined;
  payment: PaymentChoice;
}

export type OrderRow = Selectable<OrdersTable>;

export type ReserveOutcome =
  | { kind: 'reserved'; order: OrderRow }
  /** The cart already has a live order (double click, retry, second tab): its outcome is the answer. */
  | { kind: 'existing'; order: OrderRow }
  | { kind: 'refused'; message: string; problems?: OrderProblem[] }
  | { kind: 'not-found'; what: string };

export const placeOrderMessages = {
  placed: 'Order Placed.',
  chooseAddress: 'Please choose a shipping address.',
  chooseCard: 'Please choose a card or add a new one.',
  speedNotForCart: 'This delivery speed is not available for the items in your cart.',
  tipWithoutDriver: 'A driver tip is only offered with 1 Hour Delivery.',
  retailerNotInCart: 'Please choose one of the shops your Same Day items come from.',
  outOfStock: (name: string) => `${name} is out of stock.`,
  onlyLeft: (name: string, stock: number) => `Only ${stock} of ${name} left in stock.`,
  stockChanged: 'Some items in your cart are no longer available in the quantity you chose. Please update your cart.',
  couponGone: (reason: string) => `${reason} Please review your cart.`,
} as const;

const paymentMethodNames: Readonly<Record<PaymentChoice['mode'], string>> = { 2: 'stripe_payments', 3: 'upi', 4: 'cashondelivery' };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** Runs reserveOnce; a unique-index clash (another request made the cart's order first) is answered by that order. */
export async function reserveOrder(
  db: Kysely<Database>,
  payments: PaymentGateway,
  caller: Caller,
  request: PlaceOrderRequest,
  now: Date,
): Promise<ReserveOutcome> {
  try {
    return await db.transaction().execute((trx) => reserveOnce(trx, payments, caller, request, now));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return db.transaction().execute((trx) => reserveOnce(trx, payments, caller, request, now));
  }
}

async function reserveOnce(
  trx: Kysely<Database>,
  payments: PaymentGateway,
  caller: Caller,
  request: PlaceOrderRequest,
  now: Date,
): Promise<ReserveOutcome> {
  // 1. The cart row, locked: a second request for this cart waits here until the first commits.
  const cart = await trx.selectFrom('carts').selectAll().where('id', '=', request.cartId).forUpdate().executeTakeFirst();
  if (!cart || (cart.customer_id !== null && cart.customer_id !== caller.customerId)) return { kind: 'not-found', what: cartNotFoundMessage };
  const live = await trx
    .selectFrom('orders')
    .selectAll()
    .where('cart_id', '=', cart.id)
    .where('status', '<>', 'payment_failed')
    .executeTakeFirst();
  if (live) return { kind: 'existing', order: live };
  if (cart.status !== 'open') return { kind: 'not-found', what: cartNotFoundMessage };

  // 2. The offers, locked in id order, so stock read below is the stock this order takes.
  const items = await trx.selectFrom('cart_items').select(['id', 'offer_id', 'qty']).where('cart_id', '=', cart.id).orderBy('offer_id').execute();
  if (items.length === 0) return { kind: 'refused', message: cartIsEmptyRefusal };
  if (!(await isServedZip(trx, cart.zipcode))) return { kind: 'refused', message: notServedMessage };
  const offers = await trx
    .selectFrom('variant_offers')
    .select(['id', 'stock'])
    .where('id', 'in', items.map((i) => i.offer_id))
    .orderBy('id')
    .forUpdate()
    .execute();
  const stockOf = new Map(offers.map((o) => [o.id, o.stock]));

  const basis = await loadOrderBasis(trx, cart, now);
  const speedId = request.speedId ?? availableSpeedIds(basis.groups)[0] ?? speedIds.oneHour;
  if (!isSpeedForCart(speedId, basis.groups)) return { kind: 'refused', message: placeOrderMessages.speedNotForCart };
  if (request.tipPercent > 0 && !isTipAllowed(speedId)) return { kind: 'refused', message: placeOrderMessages.tipWithoutDriver };

  // 3. Where it goes: the caller's own address, in the cart's zip (a served one, checked above).
  let address: AddressRow | undefined;
  if (request.addressId !== undefined) {
    address = await findOwnAddress(trx, caller.customerId, request.addressId);
    if (!address) return { kind: 'not-found', what: 'Address not found' };
  }
  if (needsAddress(speedId)) {
    if (!address) return { kind: 'refused', message: placeOrderMessages.chooseAddress };
    if (address.zipcode !== cart.zipcode) return { kind: 'refused', message: addressRuleMessages.deliveryZipMismatch };
  }
  const localLocs = basis.groups.filter((g) => g.speed === 'local').map((g) => g.locId);
  let retailerLocId: number | null = null;
  if (speedId === speedIds.storePickup || speedId === speedIds.dineIn) {
    if (request.retailerId !== undefined && !localLocs.includes(request.retailerId)) return { kind: 'refused', message: placeOrderMessages.retailerNotInCart };
    retailerLocId = request.retailerId ?? localLocs[0] ?? null;
  }

  // 4. How it is paid: only the caller's own saved card, or a fresh token, or a UPI id that verifies.
  const payment = request.payment;
  let card: CardRow | undefined;
  if (payment.mode === 2) {
    if (payment.cardId !== undefined) {
      card = await findOwnCard(trx, payments.kind, caller.customerId, payment.cardId);
      if (!card) return { kind: 'not-found', what: 'Card not found' };
    } else if (!payment.token) {
      return { kind: 'refused', message: placeOrderMessages.chooseCard };
    }
  }
  if (payment.mode === 3 && !(await verifyUpi(payment.upiId))) return { kind: 'refused', message: upiMessages.invalid };

  // 5. Stock, lines by name; every short line is reported at once.
  const problems: OrderProblem[] = [];
  for (const item of items) {
    const stock = stockOf.get(item.offer_id) ?? 0;
    if (stock >= item.qty) continue;
    const name = basis.lines.find((l) => l.cart_rid === item.id)?.name ?? 'An item';
    problems.push({ cart_rid: item.id, message: stock === 0 ? placeOrderMessages.outOfStock(name) : placeOrderMessages.onlyLeft(name, stock) });
  }
  if (problems.length > 0) return { kind: 'refused', message: problems.length === 1 ? (problems[0]?.message ?? placeOrderMessages.stockChanged) : placeOrderMessages.stockChanged, problems };

  // 6. Dates and slot seats (renewing the cart's holds), then the coupon's use.
  const slots = await checkSlotHolds(trx, cart.id, now);
  if (!slots.ok) {
    return { kind: 'refused', message: slots.problems.map((p) => p.message).join(' '), problems: slots.problems.map((p) => ({ vendor_loc_id: p.vendor_loc_id, message: p.message })) };
  }
  if (cart.coupon_code !== null && basis.couponProblem !== undefined) return { kind: 'refused', message: placeOrderMessages.couponGone(basis.couponProblem) };
  if (basis.coupon && !(await redeemCoupon(trx, basis.coupon.code, now))) return { kind: 'refused', message: placeOrderMessages.couponGone(couponMessages.usedUp) };

  // 7. Take the stock and write the order.
  for (const item of items) {
    await trx.updateTable('variant_offers').set((eb) => ({ stock: eb('stock', '-', item.qty) })).where('id', '=', item.offer_id).execute();
  }
  const totals = orderTotals(basis, { speedId, tipPercent: request.tipPercent });
  const customer = await trx.selectFrom('customers').select('email').where('id', '=', caller.customerId).executeTakeFirstOrThrow();
  const status: OrderStatus = payment.mode === 4 ? 'pending_payment_on_delivery' : 'pending_payment';
  const order = await trx
    .insertInto('orders')
    .values({
      customer_id: caller.customerId,
      cart_id: cart.id,
      status,
      email: customer.email,
      zipcode: cart.zipcode,
      speed_id: speedId,
      retailer_loc_id: retailerLocId,
      address_id: address?.id ?? null,
      shipping_address: address ? JSON.stringify(addressSnapshot(address)) : null,
      payment_mode: payment.mode,
      payment_method: paymentMethodNames[payment.mode],
      payment_gateway: payment.mode === 4 ? null : payments.kind,
      payment_ref: null,
      payment_method_id: card?.id ?? null,
      payment_token: payment.mode === 2 && !card ? (payment.token ?? null) : null,
      charge_started_at: null,
      card_brand: card?.brand ?? null,
      card_last4: card?.last4 ?? null,
      upi_id: payment.mode === 3 ? payment.upiId.trim() : null,
      payment_message: null,
      subtotal_cents: totals.subtotal,
      discount_cents: totals.discount,
      delivery_fee_cents: totals.deliveryFee,
      fee_cents: totals.feeAmount,
      taxes_cents: totals.taxes,
      tip_percent: totals.tipPercent,
      tip_cents: totals.tip,
      grand_total_cents: totals.grandTotal,
      coupon_code: basis.coupon?.code ?? null,
      gift_message: request.giftMessage?.trim() || null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  const choices = await loadDeliveryChoices(trx, cart.id);
  const taxes = allocateTax(basis.lines.map((l) => l.price_cents * l.qty), totals.taxes);
  for (const [index, group] of basis.groups.entries()) {
    const choice = choices.get(group.locId);
    const fees = totals.groups[index];
    const deliverable = await trx
      .insertInto('order_deliverables')
      .values({
        order_id: order.id,
        loc_id: group.locId,
        vendor_name: group.vendorName,
        speed: group.speed,
        delivery_method: deliveryMethodOf(group.speed, speedId),
        delivery_date: choice?.date ?? null,
        slot_template_id: choice?.hold?.templateId ?? null,
        slot_start: choice?.hold?.start ?? null,
        slot_end: choice?.hold?.end ?? null,
        delivery_fee_cents: fees?.deliveryFeeCents ?? 0,
        packaging_fee_cents: fees?.packagingFeeCents ?? 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const line of group.lines) {
      const item = items.find((i) => i.id === line.cart_rid);
      const lineIndex = basis.lines.indexOf(line);
      await trx
        .insertInto('order_items')
        .values({
          order_id: order.id,
          deliverable_id: deliverable.id,
          offer_id: item?.offer_id ?? 0,
          variant_id: line.variant_id,
          product_id: line.product_id,
          product_name: line.name,
          bottle_size: line.bottle_size,
          qty: line.qty,
          price_cents: line.price_cents,
          row_total_cents: line.price_cents * line.qty,
          tax_cents: taxes[lineIndex] ?? 0,
        })
        .execute();
    }
  }

  // 8. The held seats become booked seats, and the cart closes (claimed by the caller if it was a bare guest cart).
  await bookSlotHolds(trx, cart.id);
  await trx
    .updateTable('carts')
    .set({ status: 'ordered', customer_id: sql<number>`coalesce(customer_id, ${caller.customerId})`, updated_at: new Date() })
    .where('id', '=', cart.id)
    .execute();
  return { kind: 'reserved', order };
}
