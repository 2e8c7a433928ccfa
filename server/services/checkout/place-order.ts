import { cartStockMessage } from '../../../src/rules/cart-checkout.ts';
import type { Kysely, Selectable } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { cardIdField, shownTotalField, type OrderProblem } from '../../../src/api/contract/checkout.contract.ts';
import { centsToDollars, formatMoney } from '../../../src/rules/money.ts';
import { addressRuleMessages } from '../../../src/rules/address-validation.ts';
import { canonicalEmail } from '../../../src/rules/email-canonical.ts';
import { needsAddress, speedIds, type SpeedId } from '../../../src/rules/delivery-speeds.ts';
import { deliveryAddressField } from '../../../src/api/contract/shipping.contract.ts';
import {
  addressGoneMessage,
  cartIsEmptyRefusal,
  cartNotFoundMessage,
  deliveryOptionMessages,
  mixedVisitCartRefusal,
} from '../../../src/rules/messages.ts';
import { storeMinutes, storeToday } from '../../../src/rules/delivery-dates.ts';
import { visitTimes } from '../../../src/rules/dine-in.ts';
import { tableRequiredRefusal, tableTimeField } from '../../../src/rules/place-order-refusal.ts';
import { parseDineinTime } from '../../../src/rules/visit-time.ts';
import { walletRefusals } from '../../../src/rules/wallet.ts';
import { isTipAllowed, type TipPercent } from '../../../src/rules/tips.ts';
import { upiMessages } from '../../../src/rules/upi.ts';
import { isVisitSpeed } from '../../../src/rules/speeds.ts';
import type { PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { CartsTable, Database, OrderStatus } from '../../db/schema.ts';
import { addressSnapshot, type AddressRow } from '../accounts/addresses.ts';
import { lockCartLinesAndTax, type CartLineRow, type DeliveryChoice, type TaxRate } from '../cart/cart-view.ts';
import {
  couponCustomer,
  couponMessages,
  customerLimitRefusal,
  dropCartCoupon,
  lockCoupon,
  recordRedemption,
  redeemCoupon,
  type CouponCustomer,
} from '../cart/coupons.ts';
import { notServedMessage } from '../catalogue/catalogue-cache.ts';
import { orderBasisFrom, orderTotals, type OrderBasis, type OrderTotals } from './order-totals.ts';
import type { MailedLines } from './order-confirmation.ts';
import { deliveryMethodOf } from './orders.ts';
import { orderInsert } from './order-insert.ts';
import { deliverableInsert } from './deliverable-insert.ts';
import { statementShape, type Value } from '../../db/statement-shapes.ts';
import { cartSpeedIds, offerMessages, retailerLocIds, speedRefusal } from './offers.ts';
import { findOwnCard, type CardRow } from '../payments/payment-methods.ts';
import { paymentMessages, type OrderRow } from '../payments/order-payment.ts';
import type { Caller } from '../platform/caller.ts';
import { checkSlotHolds } from '../cart/slots.ts';
import { checkAgeGate, takeFacePass } from './age-restriction.ts';
import { verifyUpi } from '../payments/upi.ts';
import { prepareWeighedOrder, type SubstitutionChoices } from './weighed-order.ts';
import type { OpenedBankAccount } from '../payments/bank-account.ts';
import { needsEmailConfirmation, startEmailConfirmation, unpaidOrderRefusal } from './pay-on-delivery.ts';
import { handOverOf, isPayOnDeliveryOffered, payOnDeliveryMessages, type HandOver } from '../../../src/rules/pay-on-delivery.ts';
import { tiedTransaction } from '../platform/catalogue-changes.ts';
import { bankDebitRefusal } from '../../../src/rules/bank-account.ts';
import { claimWalletLines, redeemWalletClaims, type WalletClaim } from '../wallet/wallet-redemption.ts';

/**
 * Place order, first step: one transaction that checks everything, takes the stock and the slot seats, writes the
 * order and closes the cart. The charge happens after it commits (order-payment.ts): a card network call must not
 * hold row locks, and a rolled-back transaction cannot take back a charge. Lock order, the same in every checkout so
 * two never wait on each other: the cart row, the offers by id, pay on delivery's advisory locks (the email, then the
 * address), the slots (checkSlotHolds), then the coupon row.
 */
export type PaymentChoice =
  | { mode: 1; account: OpenedBankAccount }
  | { mode: 2; cardId?: number | undefined; token?: string | undefined }
  | { mode: 3; upiId: string }
  | { mode: 4 };

export interface PlaceOrderRequest {
  cartId: string;
  addressId: number | undefined;
  speedId: SpeedId | undefined;
  retailerId: number | undefined;
  tipPercent: TipPercent;
  giftMessage: string | undefined;
  payment: PaymentChoice;
  /** Dine-in and pick-up at a restaurant: when the shopper comes (the session's dineinTime). */
  visitAt?: { date: string; time: string } | undefined;
  /** Issue 24 item 5: the review step's substitution preference per cart line (absent: 'similar'). */
  substitutions?: SubstitutionChoices | undefined;
  /**
   * Walk 5 #3: the grand total (cents) the Order Summary showed when PLACE ORDER was pressed. A cart changed since
   * (another tab) is refused rather than placed for another amount. Absent (an older client): not compared.
   */
  shownTotalCents?: number | undefined;
}

export type ReserveOutcome =
  /**
   * emailConfirmationToken: a pay-on-delivery order that waits for the email's confirmation (its link's token).
   * keptAside: the cart kept lines aside (another zip or delivery option): they go to the next cart once it is placed.
   */
  | { kind: 'reserved'; order: OrderRow; emailConfirmationToken?: string | undefined; lines: MailedLines; keptAside: boolean; otherOpenCart: boolean }
  /** The cart already has a live order (double click, retry, second tab): its outcome is the answer. */
  | { kind: 'existing'; order: OrderRow }
  /**
   * field: a request asking for what is not offered (a 400 naming it), not a refusal of the cart as it is; or a table's
   * date and time missing (dinein_time), which the shopper chooses on the cart's group, not in the checkout.
   */
  | { kind: 'refused'; message: string; problems?: OrderProblem[]; field?: string }
  /** field: the body field naming a record that is gone (a saved card deleted since it was chosen), else the cart. */
  | { kind: 'not-found'; what: string; field?: string };

export const placeOrderMessages = {
  placed: 'Order Placed.',
  chooseAddress: 'Please choose a shipping address.',
  chooseCard: 'Please choose a card or add a new one.',
  speedNotForCart: offerMessages.speedNotOffered,
  tipWithoutDriver: 'A driver tip is only offered with 1 Hour Delivery.',
  outOfStock: (name: string) => `${name} is out of stock.`,
  onlyLeft: (name: string, stock: number) => `Only ${stock} of ${name} left in stock.`,
  stockChanged: cartStockMessage,
  couponGone: (reason: string) => `${reason} Please review your cart.`,
  cartChanged: (grandtotal: string) =>
    `Your cart changed since this summary was shown: the order now comes to ${grandtotal}. Please check the summary and place your order again.`,
} as const;

/** Thrown inside the reservation when the summary's total is no longer the cart's: the whole transaction rolls back. */
class SummaryOutdated extends Error {
  constructor(readonly grandtotalCents: number) {
    super('The order summary is outdated');
  }
}

/** The refusal for a summary the cart no longer matches: a 400 naming shown_grandtotal, with the total of now. */
function summaryOutdatedRefusal(error: SummaryOutdated): ReserveOutcome {
  return { kind: 'refused', message: placeOrderMessages.cartChanged(formatMoney(centsToDollars(error.grandtotalCents))), field: shownTotalField };
}

const paymentMethodNames: Readonly<Record<PaymentChoice['mode'], string>> = {
  1: 'us_bank_account',
  2: 'stripe_payments',
  3: 'upi',
  4: 'cashondelivery',
};

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
    try {
      return await tiedTransaction(db, (trx) => reserveOnce(trx, payments, caller, request, now));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return await tiedTransaction(db, (trx) => reserveOnce(trx, payments, caller, request, now));
    }
  } catch (error) {
    if (error instanceof SummaryOutdated) return summaryOutdatedRefusal(error);
    throw error;
  }
}

/** What a step found, or the answer that ends the reservation there (a refusal, or the cart's existing order). */
type Step<T> = { value: T } | { stop: ReserveOutcome };

const cartNotFound: ReserveOutcome = { kind: 'not-found', what: cartNotFoundMessage };

function refused(message: string, problems?: OrderProblem[]): ReserveOutcome {
  return problems ? { kind: 'refused', message, problems } : { kind: 'refused', message };
}

/**
 * The whole reservation, in one transaction. Steps run in this order, each one's refusal ending it: a refusal
 * commits what the steps before it wrote (renewed slot holds; a coupon over the customer's limit taken off the cart),
 * never an order.
 */
async function reserveOnce(
  trx: Kysely<Database>,
  payments: PaymentGateway,
  caller: Caller,
  request: PlaceOrderRequest,
  now: Date,
): Promise<ReserveOutcome> {
  const locked = await lockCallersCart(trx, request.cartId, caller, request.addressId);
  if ('stop' in locked) return locked.stop;
  const { cart, address: addressRead, keptAside, otherOpenCart } = locked.value;
  const stock = await lockCartStock(trx, cart);
  if ('stop' in stock) return stock.stop;
  // The lines were read with the offers' locks, under the cart's; the age gate reads its answer from them.
  const basis = await orderBasisFrom(trx, cart, stock.value.read, now);
  const ageGate = await checkAgeGate(
    trx,
    cart.id,
    caller,
    now,
    basis.lines.some((line) => line.age_restricted),
  );
  if (ageGate.kind === 'refused') return refused(ageGate.message);

  const speed = chooseSpeed(request, basis);
  if ('stop' in speed) return speed.stop;
  const speedId = speed.value;
  const payable = paymentForHandOver(request.payment, speedId);
  if ('stop' in payable) return payable.stop;
  const visit = await visitTime(trx, request, basis, now);
  if ('stop' in visit) return visit.stop;
  const debitClears = bankDebitInTime(request.payment, basis, stock.value.choices, visit.value, now, handOverOf(speedId));
  if ('stop' in debitClears) return debitClears.stop;
  const address = deliveryAddress(addressRead, request.addressId, speedId, cart.zipcode);
  if ('stop' in address) return address.stop;
  const retailer = pickupRetailer(request.retailerId, speedId, basis);
  if ('stop' in retailer) return retailer.stop;
  const card = await paymentCard(trx, payments, caller, request.payment, isWalletOnly(basis));
  if ('stop' in card) return card.stop;
  const unpaid = await limitUnpaidOrder(trx, caller, request.payment, stock.value.items, address.value);
  if ('stop' in unpaid) return unpaid.stop;

  const shortage = stockShortage(stock.value, basis);
  if (shortage) return shortage;
  const wallet = await claimCartWallet(trx, cart.id, caller, stock.value.items);
  if ('stop' in wallet) return wallet.stop;
  const seats = await renewSlotHolds(trx, cart.id, basis, stock.value.choices, now);
  if ('stop' in seats) return seats.stop;
  const coupon = await redeemCartCoupon(trx, cart, basis, caller, now);
  if ('stop' in coupon) return coupon.stop;

  const totals = orderTotals(basis, { speedId, tipPercent: request.tipPercent });
  // Last of the checks, so every other refusal keeps its own words; thrown, so the coupon use and holds roll back.
  if (request.shownTotalCents !== undefined && request.shownTotalCents !== totals.grandtotal) throw new SummaryOutdated(totals.grandtotal);
  const written = await writeOrder(trx, payments, caller, {
    cart,
    items: stock.value.items,
    speedId,
    retailerLocId: retailer.value,
    address: address.value,
    card: card.value,
    payment: request.payment,
    totals,
    coupon: basis.coupon,
    giftMessage: request.giftMessage,
    awaitsEmailConfirmation: unpaid.value.confirmByEmail,
  });
  const { lineIds, lines } = await writeDeliverables(trx, written, basis, seats.value, stock.value.items, speedId, totals, visit.value);
  const order = await prepareWeighedOrder(trx, written, lineIds, request.substitutions ?? new Map(), weighedEstimateCents(basis));
  await redeemWalletClaims(trx, order.id, wallet.value);
  if (basis.coupon && coupon.value) await recordRedemption(trx, order.id, basis.coupon.id, coupon.value);
  await takeFacePass(trx, ageGate, order.id, now);
  const emailConfirmationToken = unpaid.value.confirmByEmail ? await startEmailConfirmation(trx, order.id, now) : undefined;
  return { kind: 'reserved', order, emailConfirmationToken, lines, keptAside, otherOpenCart };
}

type CartRow = Selectable<CartsTable>;

/** The address columns an order takes (its id, the snapshot, the zip the cart must match). */
const orderAddressColumns = ['id', 'first_name', 'last_name', 'street1', 'street2', 'city', 'state', 'zipcode', 'country', 'telephone'] as const;
type OrderAddress = Pick<AddressRow, (typeof orderAddressColumns)[number]>;
// Qualified: inside the cart's statement, `id` and `zipcode` would name the cart's and the order's too.
const orderAddressSelection = orderAddressColumns.map((column) => `addresses.${column}` as const);

/** lockCallersCart's statement (built once, issue 27): the cart locked, its live order, kept lines, another open cart. */
function lockedCartQuery(db: Kysely<Database>, cartId: Value<string>, customerId: Value<number>) {
  return (
    db
      .selectFrom('carts')
      .leftJoin('orders', (join) => join.onRef('orders.cart_id', '=', 'carts.id').on('orders.status', '<>', 'payment_failed'))
      .selectAll('carts')
      .select('orders.id as live_order_id')
      // Whether lines were kept aside (for the next cart once the order stands), in the same statement.
      .select((eb) =>
        eb
          .exists(eb.selectFrom('cart_kept_lines').select('cart_kept_lines.id').whereRef('cart_kept_lines.cart_id', '=', 'carts.id'))
          .as('kept_aside'),
      )
      // Whether the customer has another open cart (filled in another browser): the answer names it as their cart of now.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('carts as other')
              .select('other.id')
              .where('other.customer_id', '=', customerId)
              .where('other.status', '=', 'open')
              .whereRef('other.id', '<>', 'carts.id'),
          )
          .as('other_open_cart'),
      )
      .where('carts.id', '=', cartId)
      .forUpdate('carts')
  );
}

const lockedCart = statementShape<{ cartId: string; customerId: number }>()((db, value) => lockedCartQuery(db, value('cartId'), value('customerId')));

/** The same with the caller's address asked for (null when it is not the caller's). */
const lockedCartWithAddress = statementShape<{ cartId: string; customerId: number; addressId: number }>()((db, value) =>
  lockedCartQuery(db, value('cartId'), value('customerId')).select((eb) =>
    jsonObjectFrom(
      eb
        .selectFrom('addresses')
        .select(orderAddressSelection)
        .where('addresses.id', '=', value('addressId'))
        .where('addresses.customer_id', '=', value('customerId')),
    ).as('address'),
  ),
);

/**
 * The cart row, locked: a second request for this cart waits here until the first commits. A cart that already
 * has a live order answers with it (double click, retry, second tab); a closed one is not found. An open cart's live
 * order would show in the left join on the locked row (locking only the cart: decision 068), so the usual open cart
 * with none costs one statement. The caller's address asked for comes with it (decision 078: a statement fewer),
 * null when it is not the caller's; it is not locked, as it was not when read on its own.
 */
async function lockCallersCart(
  trx: Kysely<Database>,
  cartId: string,
  caller: Caller,
  addressId: number | undefined,
): Promise<Step<{ cart: CartRow; address: OrderAddress | null; keptAside: boolean; otherOpenCart: boolean }>> {
  const found =
    addressId === undefined
      ? await lockedCart.first(trx, { cartId, customerId: caller.customerId }).then((row) => row && { ...row, address: null })
      : await lockedCartWithAddress.first(trx, { cartId, customerId: caller.customerId, addressId });
  if (!found || (found.customer_id !== null && found.customer_id !== caller.customerId)) return { stop: cartNotFound };
  const { live_order_id: liveOrderId, address, kept_aside: keptAside, other_open_cart: otherOpenCart, ...cart } = found;
  // A cart closed while this request waited for its lock had its order written by the request it waited for: the
  // join read orders as they were before the wait, so the order is read again now, as is one the join found.
  if (liveOrderId !== null || cart.status !== 'open') {
    const live = await trx.selectFrom('orders').selectAll().where('cart_id', '=', cart.id).where('status', '<>', 'payment_failed').executeTakeFirst();
    if (live) return { stop: { kind: 'existing', order: live } };
  }
  if (cart.status !== 'open') return { stop: cartNotFound };
  return { value: { cart, address: address ?? null, keptAside: Boolean(keptAside), otherOpenCart: Boolean(otherOpenCart) } };
}

interface CartStock {
  /** wallet_entry_id: a line redeemed from the wallet, which takes no stock. In offer id order. */
  items: { id: number; offer_id: number; qty: number; wallet_entry_id: number | null }[];
  /** Each offer's stock, read under its row lock: the stock this order takes. */
  stockOf: ReadonlyMap<number, number>;
  /** The lines and the zip's tax, read in the same statement: the order's basis. */
  read: { lines: CartLineRow[]; tax: TaxRate };
  /** Each vendor location's date and held slot, read in the same statement too (decision 082). */
  choices: Map<number, DeliveryChoice>;
}

/**
 * The cart's lines with their offers locked in offer id order, the zip's tax and whether the zip is still served:
 * one statement (lockCartLinesAndTax; two before). An empty cart or an area no longer served is refused.
 */
async function lockCartStock(trx: Kysely<Database>, cart: CartRow): Promise<Step<CartStock>> {
  const { lines, tax, locked, served, choices } = await lockCartLinesAndTax(trx, cart.id, cart.zipcode);
  if (locked.length === 0) return { stop: refused(cartIsEmptyRefusal) };
  if (!served || tax === undefined) return { stop: refused(notServedMessage) };
  const items = locked.map(({ id, offer_id, qty, wallet_entry_id }) => ({ id, offer_id, qty, wallet_entry_id }));
  return { value: { items, stockOf: new Map(locked.map((r) => [r.offer_id, r.stock])), read: { lines, tax }, choices } };
}

/** The speed asked for (else the cart's primary one), if its sellers offer it (offers.ts), and a tip only where a driver goes. */
function chooseSpeed(request: PlaceOrderRequest, basis: OrderBasis): Step<SpeedId> {
  const primary = cartSpeedIds(basis.groups, basis.area)[0];
  if (primary === undefined && basis.groups.some((g) => isVisitSpeed(g.speed))) return { stop: refused(mixedVisitCartRefusal) };
  if (request.speedId === undefined && primary === undefined) return { stop: refused(placeOrderMessages.speedNotForCart) };
  const speedId = request.speedId ?? primary ?? speedIds.oneHour;
  const refusal = speedRefusal(basis.groups, basis.area, speedId);
  if (refusal !== undefined) return { stop: { kind: 'refused', message: refusal, field: 'speed_id' } };
  if (request.tipPercent > 0 && !isTipAllowed(speedId)) return { stop: refused(placeOrderMessages.tipWithoutDriver) };
  return { value: speedId };
}

/**
 * A restaurant's dine-in items need the visit's date and time ('Dining date and time is required'); pick-up items
 * take it when given. Either must be one the Delivery Options screen offers (visitTimes: today or later, within
 * the restaurant's hours, pick-up within 10-16). Undefined for a cart without such items.
 */
/**
 * A payment the order's hand-over does not take (Payment on Delivery for a Dine-In table) is a request for what the
 * payment tab never offered: a 400 naming payment_method, before anything is checked or taken.
 */
function paymentForHandOver(payment: PaymentChoice, speedId: SpeedId): Step<undefined> {
  if (payment.mode !== 4 || isPayOnDeliveryOffered(handOverOf(speedId))) return { value: undefined };
  return { stop: { kind: 'refused', message: payOnDeliveryMessages.notForDineIn, field: 'payment_method' } };
}

/**
 * A bank debit takes up to 4 business days to clear and the order waits unseen by its sellers until then: it is
 * refused (a 400 naming payment_mode, before anything is taken) when anything is due before that day (the same
 * rule the payment tab applies, bankDebitRefusal). A group without a date yet counts as today; the slot check
 * refuses it later anyway. Wallet redemptions are never charged.
 */
function bankDebitInTime(
  payment: PaymentChoice,
  basis: OrderBasis,
  choices: ReadonlyMap<number, DeliveryChoice>,
  visit: { date: string } | undefined,
  now: Date,
  handOver: HandOver,
): Step<undefined> {
  if (payment.mode !== 1) return { value: undefined };
  const today = storeToday(now);
  const dates = basis.groups
    .filter((group) => !group.wallet)
    .map((group) => (isVisitSpeed(group.speed) ? (visit?.date ?? today) : (choices.get(group.locId)?.date ?? today)));
  const refusal = bankDebitRefusal(dates, today, handOver);
  return refusal === undefined ? { value: undefined } : { stop: { kind: 'refused', message: refusal, field: 'payment_mode' } };
}

async function visitTime(
  trx: Kysely<Database>,
  request: PlaceOrderRequest,
  basis: OrderBasis,
  now: Date,
): Promise<Step<{ date: string; time: string } | undefined>> {
  const groups = basis.groups.filter((g) => isVisitSpeed(g.speed));
  const first = groups[0];
  if (!first) return { value: undefined };
  // The browser's visit (Delivery Options, or the wallet's in the same session), else the one the cart's wallet lines
  // keep: a redemption places from any browser and beside delivery lines, whose checkout sends no visit (walk 5 #1).
  const kept = groups.map((g) => g.walletVisit).find((v) => v !== undefined);
  const visitAt = request.visitAt ?? parseDineinTime(kept);
  // A wallet or Dine-In group's table is chosen on its group in the cart: the refusal says so, naming dinein_time (the
  // cart keeps it under that name), so the checkout leads back to the cart (decision 086 left). A pick-up's time is
  // chosen on Delivery Options only: its refusal stays the plain one.
  const wallet = groups.find((g) => g.wallet);
  const table = groups.find((g) => g.speed === 'dine-in');
  const missing: ReserveOutcome = wallet
    ? { kind: 'refused', message: walletRefusals.visitRequired(wallet.vendorName), field: tableTimeField }
    : table
      ? { kind: 'refused', message: tableRequiredRefusal(table.vendorName), field: tableTimeField }
      : refused(deliveryOptionMessages.visitTimeRequired);
  if (!visitAt) return first.speed === 'dine-in' ? { stop: missing } : { value: undefined };
  const hours = await trx.selectFrom('vendor_locations').select(['opens_at', 'closes_at']).where('id', '=', first.locId).executeTakeFirst();
  const kind = first.speed === 'dine-in' ? 'dine-in' : 'pick-up';
  const offered =
    hours?.opens_at && hours.closes_at
      ? visitTimes(kind, { opens_at: hours.opens_at, closes_at: hours.closes_at }, visitAt.date, storeToday(now), storeMinutes(now))
      : [];
  if (!offered.includes(visitAt.time)) return { stop: missing };
  return { value: visitAt };
}

/** Where it goes: the caller's own address, in the cart's zip (a served one, checked before); none for pickup. */
function deliveryAddress(
  read: OrderAddress | null,
  addressId: number | undefined,
  speedId: SpeedId,
  cartZipcode: string,
): Step<OrderAddress | undefined> {
  const address = read ?? undefined;
  // Named by its field: the checkout goes back to the addresses instead of placing with the same address again.
  if (addressId !== undefined && !address) return { stop: { kind: 'not-found', what: addressGoneMessage, field: deliveryAddressField } };
  if (needsAddress(speedId)) {
    if (!address) return { stop: refused(placeOrderMessages.chooseAddress) };
    if (address.zipcode !== cartZipcode) return { stop: refused(addressRuleMessages.deliveryZipMismatch) };
  }
  return { value: address };
}

/** Store Pickup and Dine-In: the restaurant of the cart's dine-in, pick-up or wallet items the shopper chose (else the first); null otherwise. */
function pickupRetailer(retailerId: number | undefined, speedId: SpeedId, basis: OrderBasis): Step<number | null> {
  if (speedId !== speedIds.storePickup && speedId !== speedIds.dineIn) return { value: null };
  const offered = retailerLocIds(basis.groups, speedId);
  if (retailerId !== undefined && !offered.includes(retailerId)) {
    return { stop: { kind: 'refused', message: offerMessages.retailerNotOffered, field: 'retailer_id' } };
  }
  return { value: retailerId ?? offered[0] ?? null };
}

/**
 * How it is paid: only the caller's own saved card, or a fresh token, or a UPI id that verifies. A cart the wallet
 * covers entirely has nothing to charge: no card is needed (a chosen one is still checked, and never charged).
 */
async function paymentCard(
  trx: Kysely<Database>,
  payments: PaymentGateway,
  caller: Caller,
  payment: PaymentChoice,
  nothingToCharge: boolean,
): Promise<Step<CardRow | undefined>> {
  let card: CardRow | undefined;
  if (payment.mode === 2) {
    if (payment.cardId !== undefined) {
      card = await findOwnCard(trx, payments.kind, caller.customerId, payment.cardId);
      // Named by its field: the checkout goes back to the cards instead of placing with the same card again.
      if (!card) return { stop: { kind: 'not-found', what: paymentMessages.cardGone, field: cardIdField } };
    } else if (!payment.token && !nothingToCharge) {
      return { stop: refused(placeOrderMessages.chooseCard) };
    }
  }
  if (payment.mode === 3 && !(await verifyUpi(payment.upiId))) return { stop: refused(upiMessages.invalid) };
  return { value: card };
}

/**
 * Pay on delivery only: the order is within the unpaid-order limits (units per order, open unpaid orders per
 * customer, email and address), and whether it waits for the email's confirmation before it stands.
 */
async function limitUnpaidOrder(
  trx: Kysely<Database>,
  caller: Caller,
  payment: PaymentChoice,
  items: CartStock['items'],
  address: OrderAddress | undefined,
): Promise<Step<{ confirmByEmail: boolean }>> {
  if (payment.mode !== 4) return { value: { confirmByEmail: false } };
  const units = items.reduce((sum, item) => sum + item.qty, 0);
  const party = { customerId: caller.customerId, email: caller.email, address: address && { street1: address.street1, zipcode: address.zipcode } };
  const refusal = await unpaidOrderRefusal(trx, party, units);
  // Named by its field: the summary keeps it by PLACE ORDER with the way back to the payment tab (walk 4 #3).
  if (refusal !== undefined) return { stop: { kind: 'refused', message: refusal, field: 'payment_mode' } };
  return { value: { confirmByEmail: await needsEmailConfirmation(trx, caller.customerId) } };
}

/** Every line the locked stock cannot cover, by name, all reported at once. */
function stockShortage({ items, stockOf }: CartStock, basis: OrderBasis): ReserveOutcome | undefined {
  const problems: OrderProblem[] = [];
  for (const item of items) {
    if (item.wallet_entry_id !== null) continue;
    const stock = stockOf.get(item.offer_id) ?? 0;
    if (stock >= item.qty) continue;
    const name = basis.lines.find((l) => l.cart_rid === item.id)?.name ?? 'An item';
    problems.push({ cart_rid: item.id, message: stock === 0 ? placeOrderMessages.outOfStock(name) : placeOrderMessages.onlyLeft(name, stock) });
  }
  if (problems.length === 0) return undefined;
  return refused(problems.length === 1 ? (problems[0]?.message ?? placeOrderMessages.stockChanged) : placeOrderMessages.stockChanged, problems);
}

/**
 * Every group's date and Same Day seat still good, renewing the cart's holds (checkSlotHolds, on the lines the basis
 * read under the cart's lock); the value: each group's date and slot, which the deliverables record.
 */
async function renewSlotHolds(
  trx: Kysely<Database>,
  cartId: string,
  basis: OrderBasis,
  choices: Map<number, DeliveryChoice>,
  now: Date,
): Promise<Step<Map<number, DeliveryChoice>>> {
  const slots = await checkSlotHolds(trx, cartId, basis.lines, now, choices);
  if (slots.ok) return { value: slots.choices };
  return {
    stop: refused(
      slots.problems.map((p) => p.message).join(' '),
      slots.problems.map((p) => ({ vendor_loc_id: p.vendor_loc_id, message: p.message })),
    ),
  };
}

/**
 * The cart's coupon still applies, is within the customer's own limit (a welcome coupon: once per account and per
 * email), and one of its uses is taken now: two orders racing for the last use, or one customer's two carts racing
 * for a once-per-customer coupon, wait on the coupon's row lock and only one gets it. A coupon over the customer's
 * limit comes off the cart, so the review shows the total without it. The value: who redeems it (none without one).
 */
async function redeemCartCoupon(
  trx: Kysely<Database>,
  cart: CartRow,
  basis: OrderBasis,
  caller: Caller,
  now: Date,
): Promise<Step<CouponCustomer | undefined>> {
  if (cart.coupon_code !== null && basis.couponProblem !== undefined) return { stop: refused(placeOrderMessages.couponGone(basis.couponProblem)) };
  if (!basis.coupon) return { value: undefined };
  await lockCoupon(trx, basis.coupon.id);
  const customer = await couponCustomer(trx, caller.customerId);
  const overLimit = await customerLimitRefusal(trx, basis.coupon, customer);
  if (overLimit !== undefined) {
    await dropCartCoupon(trx, cart.id);
    return { stop: refused(placeOrderMessages.couponGone(overLimit)) };
  }
  if (!(await redeemCoupon(trx, basis.coupon.code, now))) return { stop: refused(placeOrderMessages.couponGone(couponMessages.usedUp)) };
  return { value: customer };
}

/**
 * The estimate of the lines sold by weight (wallet lines are paid already): the order lines are written from these
 * very lines, so they are summed here rather than read back from order_items (decision 065).
 */
function weighedEstimateCents(basis: OrderBasis): number {
  return basis.lines.reduce((sum, line) => (line.sold_by_weight && line.wallet_entry_id === null ? sum + line.price_cents * line.qty : sum), 0);
}

/** Every line is redeemed from the wallet: the order costs nothing. */
function isWalletOnly(basis: OrderBasis): boolean {
  return basis.lines.length > 0 && basis.lines.every((line) => line.wallet_entry_id !== null);
}

/**
 * The cart's wallet lines, their entries locked (after the offers): each entry must still hold what its lines take.
 * A cart whose lines (read under its lock) hold none has nothing to claim and sends no statement (decision 065).
 */
async function claimCartWallet(trx: Kysely<Database>, cartId: string, caller: Caller, items: CartStock['items']): Promise<Step<WalletClaim[]>> {
  if (items.every((item) => item.wallet_entry_id === null)) return { value: [] };
  const check = await claimWalletLines(trx, cartId, caller.customerId);
  return check.ok ? { value: check.claims } : { stop: refused(check.message) };
}

/**
 * What the order takes from each offer: its lines' units summed per offer (two lines of one offer take both), wallet
 * lines taking none. Arrays for the order statement's unnest, so its text is the same for any number of lines.
 */
function stockTaken(items: CartStock['items']): { offerIds: number[]; units: number[] } {
  const byOffer = new Map<number, number>();
  for (const item of items) if (item.wallet_entry_id === null) byOffer.set(item.offer_id, (byOffer.get(item.offer_id) ?? 0) + item.qty);
  return { offerIds: [...byOffer.keys()], units: [...byOffer.values()] };
}

interface OrderFacts {
  cart: CartRow;
  /** The lines whose stock the order takes (their offers locked by lockCartStock). */
  items: CartStock['items'];
  speedId: SpeedId;
  retailerLocId: number | null;
  address: OrderAddress | undefined;
  card: CardRow | undefined;
  payment: PaymentChoice;
  totals: OrderTotals;
  coupon: OrderBasis['coupon'];
  giftMessage: string | undefined;
  /** Pay on delivery from an email not confirmed yet: the order waits for the mailed link. */
  awaitsEmailConfirmation: boolean;
}

/**
 * The order row: pending payment (or pay on delivery), with the server's totals and what pays for it. The stock it
 * takes rides on the insert as a CTE (decision 072: a statement of its own per line before); the offers were locked
 * by lockCartStock, so the update waits for nothing. A unique clash on the order (another request made the cart's
 * order first) fails the whole statement, stock and all, as the transaction did before.
 */
async function writeOrder(trx: Kysely<Database>, payments: PaymentGateway, caller: Caller, facts: OrderFacts): Promise<OrderRow> {
  const { cart, address, card, payment, totals } = facts;
  const unpaidStatus: OrderStatus = facts.awaitsEmailConfirmation ? 'awaiting_confirmation' : 'pending_payment_on_delivery';
  const status: OrderStatus = payment.mode === 4 ? unpaidStatus : 'pending_payment';
  const { offerIds, units } = stockTaken(facts.items);
  const order = await orderInsert.first(trx, {
    offerIds,
    units,
    // The request placing the order charges it right after this commits: it claims the charge here, a statement
    // fewer than claiming after the commit (order-payment.ts, settleReservedOrder). Pay on delivery has none.
    claimCharge: status === 'pending_payment',
    now: new Date(),
    customer_id: caller.customerId,
    cart_id: cart.id,
    status,
    // The email read with the session (decision 065), as it was when this request began.
    email: caller.email,
    email_canonical: canonicalEmail(caller.email),
    zipcode: cart.zipcode,
    speed_id: facts.speedId,
    retailer_loc_id: facts.retailerLocId,
    address_id: address?.id ?? null,
    shipping_address: address ? JSON.stringify(addressSnapshot(address)) : null,
    payment_mode: payment.mode,
    payment_method: paymentMethodNames[payment.mode],
    payment_gateway: payment.mode === 4 ? null : payments.kind,
    payment_method_id: card?.id ?? null,
    payment_token: payment.mode === 1 ? payment.account.ref : payment.mode === 2 && !card ? (payment.token ?? null) : null,
    // A bank account shows as its bank and last four, like a card.
    card_brand: payment.mode === 1 ? payment.account.bankName : (card?.brand ?? null),
    card_last4: payment.mode === 1 ? payment.account.last4 : (card?.last4 ?? null),
    bank_mandate: payment.mode === 1 ? JSON.stringify(payment.account.mandate) : null,
    upi_id: payment.mode === 3 ? payment.upiId.trim() : null,
    subtotal_cents: totals.subtotal,
    discount_cents: totals.discount,
    delivery_fee_cents: totals.deliveryFee,
    fee_cents: totals.feeAmount,
    taxes_cents: totals.taxes,
    tip_percent: totals.tipPercent,
    tip_cents: totals.tip,
    grand_total_cents: totals.grandtotal,
    coupon_code: facts.coupon?.code ?? null,
    coupon_percent_bp: facts.coupon?.kind === 'percent' ? facts.coupon.amount : null,
    gift_message: facts.giftMessage?.trim() || null,
  });
  if (!order) throw new Error('The order insert returned no row');
  return order;
}

/**
 * One deliverable per vendor group (its date, slot and fees) and its items, each with its share of the tax; answers
 * cart line → order line, and the rows as the confirmation mail tells them.
 */
async function writeDeliverables(
  trx: Kysely<Database>,
  order: OrderRow,
  basis: OrderBasis,
  choices: ReadonlyMap<number, DeliveryChoice>,
  items: CartStock['items'],
  speedId: SpeedId,
  totals: OrderTotals,
  visitAt: { date: string; time: string } | undefined,
): Promise<{ lineIds: Map<number, number>; lines: MailedLines }> {
  const lineIds = new Map<number, number>();
  const lines: MailedLines = { deliverables: [], items: [] };
  for (const [index, group] of basis.groups.entries()) {
    // A restaurant's group: the visit is its date and its time its slot start; nothing is delivered.
    const visit = isVisitSpeed(group.speed) ? visitAt : undefined;
    const choice = isVisitSpeed(group.speed) ? undefined : choices.get(group.locId);
    const fees = totals.groups[index];
    // The deliverable and its items in one statement (decision 072: two before): the items take the deliverable's id
    // from its insert's CTE, and the rows come back joined, in the items' id (insert) order.
    const grouped = group.lines.map((line, position) => ({ line, item: items.find((i) => i.id === line.cart_rid), position }));
    const rows = await deliverableInsert.rows(trx, {
      orderId: order.id,
      locId: group.locId,
      vendorName: group.vendorName,
      speed: group.speed,
      deliveryMethod: deliveryMethodOf(group.speed, speedId),
      deliveryDate: visit?.date ?? choice?.date ?? null,
      slotTemplateId: choice?.hold?.templateId ?? null,
      slotStart: visit?.time ?? choice?.hold?.start ?? null,
      slotEnd: choice?.hold?.end ?? null,
      deliveryFeeCents: fees?.deliveryFeeCents ?? 0,
      packagingFeeCents: fees?.packagingFeeCents ?? 0,
      offerIds: grouped.map(({ item }) => item?.offer_id ?? 0),
      variantIds: grouped.map(({ line }) => line.variant_id),
      productIds: grouped.map(({ line }) => line.product_id),
      productNames: grouped.map(({ line }) => line.name),
      bottleSizes: grouped.map(({ line }) => line.bottle_size),
      quantities: grouped.map(({ line }) => line.qty),
      pricesCents: grouped.map(({ line }) => line.price_cents),
      rowTotalsCents: grouped.map(({ line }) => line.price_cents * line.qty),
      // The line's sales tax at its kind's rate (cartTotals), the coupon's share taken off first.
      taxesCents: grouped.map(({ position }) => totals.lineTaxes[index]?.[position] ?? 0),
      walletEntryIds: grouped.map(({ line }) => line.wallet_entry_id),
    });
    const first = rows[0];
    if (first) {
      const { deliverable_id: id, delivery_method, vendor_name, delivery_date, slot_start, slot_end } = first;
      lines.deliverables.push({ id, delivery_method, vendor_name, delivery_date, slot_start, slot_end });
    }
    const written = rows.map(({ id, deliverable_id, qty, product_name, bottle_size, row_total_cents }, i) => ({
      id,
      deliverable_id,
      qty,
      product_name,
      bottle_size,
      row_total_cents,
      // Rows come back in insert order: the group's line i is this row's, with its product's unit.
      size_unit: group.lines[i]?.size_unit ?? 'g',
      weighed: group.lines[i]?.sold_by_weight === true && group.lines[i]?.wallet_entry_id === null,
      wallet: group.lines[i]?.wallet_entry_id !== null && group.lines[i]?.wallet_entry_id !== undefined,
    }));
    lines.items.push(...written);
    // Cart line → order line, for the review step's substitution preferences (inserted rows come back in order).
    for (const [i, line] of group.lines.entries()) {
      const id = written[i]?.id;
      if (id !== undefined) lineIds.set(line.cart_rid, id);
    }
  }
  return { lineIds, lines };
}
