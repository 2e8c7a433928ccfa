import type { SizeUnit } from '../../../src/rules/sizes.ts';
import { expressionBuilder, sql, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { CartData, CartLine, DeliveryGroup } from '../../../src/api/contract/cart-page.contract.ts';
import { isLineOrderable } from '../../../src/rules/cart-checkout.ts';
import { storeMinutes, storeToday } from '../../../src/rules/delivery-dates.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { isSlotPast } from '../../../src/rules/slots.ts';
import { speedValues, type SpeedValue } from '../../../src/rules/speeds.ts';
import { cartTaxNote } from '../../../src/rules/tax-note.ts';
import type { Database, VendorKind } from '../../db/schema.ts';
import { statementShape, type Value } from '../../db/statement-shapes.ts';
import { cartTotals, cartTotalsInDollars, taxKindOf, type CouponTerms, type TaxedLine, type TaxRates } from './cart-totals.ts';
import { couponRefusal, findCoupon } from './coupons.ts';
import { deliveryDateRefusal, vendorCalendars, type VendorCalendarInfo } from './delivery-dates.ts';
import { loadKeptLines } from './kept-lines.ts';
import { sellerName } from '../catalogue/partner-restaurants.ts';

/** One cart line with what the cart page shows: the offer's current price and stock, the product and the seller. */
export interface CartLineRow {
  cart_rid: number;
  variant_id: number;
  product_id: number;
  name: string;
  bottle_size: number;
  size_unit: SizeUnit;
  age_restricted: boolean;
  /** Priced at its nominal weight and charged at the weight packed (decision 039). */
  sold_by_weight: boolean;
  image: string | null;
  qty: number;
  price_cents: number;
  stock: number;
  speed: SpeedValue;
  loc_id: number;
  vendor_id: number;
  vendor_name: string;
  /** What the seller is (a partner restaurant or bar seats and hands over; a shop delivers): the offer rule reads it. */
  vendor_kind: VendorKind;
  /** Where the offer is sold: one area's loc id, or null for every served zip. */
  area_loc_id: number | null;
  /** A line redeemed from this wallet entry: priced 0, at the restaurant (loc_id) where it is redeemed. */
  wallet_entry_id: number | null;
  /**
   * A wallet or dine-in line's table as its ADD TO CART or the cart page kept it, 'YYYY-MM-DD HH:MM' (walk 5 #1, walk 6
   * #3); null for others or none kept.
   */
  wallet_visit: string | null;
  /** The seller's opening hours 'HH:MM' (restaurants only): a wallet group's visit is chosen within them. */
  opens_at: string | null;
  closes_at: string | null;
  /** The product's top-level category: the seller's "Shop more from" listing opens there. */
  category_id: number;
  category_name: string;
}

/** Cart lines; a wallet line is priced 0 and belongs to the restaurant where it is redeemed, not to the offer's shop. */
export async function loadCartLines(db: Kysely<Database>, cartId: string): Promise<CartLineRow[]> {
  return cartLinesQuery(db, cartId).execute();
}

/**
 * The cart's lines and the sales tax of its zip in one statement (decision 072: the delivery schedule's answer and
 * place order's basis read both, two statements each before): the tax row rides on every line (a left join on a
 * one-row subquery). An empty cart has no line to carry it, so its tax is read alone.
 */
export async function loadCartLinesAndTax(db: Kysely<Database>, cartId: string, zipcode: string): Promise<{ lines: CartLineRow[]; tax: TaxRate }> {
  const rows = await withZipTax(cartLinesQuery(db, cartId), zipcode).execute();
  const first = rows[0];
  if (!first) return { lines: [], tax: await taxRateForZip(db, zipcode) };
  return { lines: rows.map(withoutTax), tax: taxOfRow(first, zipcode) };
}

/**
 * What loadCartLinesAndTax answers, with each vendor location's delivery choice riding along (decision 082: the cart
 * page's read was two statements). An empty cart has no line to carry them, and no group to use them.
 */
export async function loadCartLinesTaxAndChoices(
  db: Kysely<Database>,
  cartId: string,
  zipcode: string,
): Promise<{ lines: CartLineRow[]; tax: TaxRate; choices: Map<number, DeliveryChoice> }> {
  const rows = await linesTaxAndChoices.rows(db, { cartId, zipcode });
  const first = rows[0];
  if (!first) return { lines: [], tax: await taxRateForZip(db, zipcode), choices: new Map() };
  return { lines: rows.map(({ choices: _choices, ...row }) => withoutTax(row)), tax: taxOfRow(first, zipcode), choices: choicesOf(first.choices) };
}

/** loadCartLinesTaxAndChoices's statement, built once (the biggest of a checkout's: ~120 µs to build and compile). */
const linesTaxAndChoices = statementShape<{ cartId: string; zipcode: string }>()((db, value) =>
  withDeliveryChoices(withZipTax(cartLinesQuery(db, value('cartId')), value('zipcode')), value('cartId')),
);

/** A cart line's offer as place order locks it: the stock it takes, read under the row's lock. */
export interface LockedCartLine {
  id: number;
  offer_id: number;
  qty: number;
  /** A line redeemed from the wallet, which takes no stock. */
  wallet_entry_id: number | null;
  /** The offer's own stock (a wallet line's `stock` in CartLineRow is its quantity instead). */
  stock: number;
}

/**
 * Place order's one read of the cart (two statements before): what loadCartLinesAndTax answers, with every line's
 * offer locked (FOR UPDATE OF variant_offers, in offer id order: PostgreSQL locks rows as the sort hands them out,
 * so two orders sharing offers queue instead of deadlocking) and whether the cart's zip is still served. `locked` is
 * in offer id order; `lines` in the cart's order, as loadCartLinesAndTax has them. An empty cart answers no lines and
 * no tax (nothing to order).
 */
export async function lockCartLinesAndTax(
  db: Kysely<Database>,
  cartId: string,
  zipcode: string,
): Promise<{ lines: CartLineRow[]; tax: TaxRate | undefined; locked: LockedCartLine[]; served: boolean; choices: Map<number, DeliveryChoice> }> {
  const rows = await lockedLinesTaxAndChoices.rows(db, { cartId, zipcode });
  const first = rows[0];
  if (!first) return { lines: [], tax: undefined, locked: [], served: true, choices: new Map() };
  const served = Boolean(first.served);
  const locked = rows.map((r) => ({ id: r.cart_rid, offer_id: r.offer_id, qty: r.qty, wallet_entry_id: r.wallet_entry_id, stock: r.offer_stock }));
  const lines = rows
    .map(({ offer_id: _offer, offer_stock: _stock, served: _served, choices: _choices, ...row }) => withoutTax(row))
    .sort((a, b) => a.cart_rid - b.cart_rid);
  return { lines, tax: served ? taxOfRow(first, zipcode) : undefined, locked, served, choices: choicesOf(first.choices) };
}

/** lockCartLinesAndTax's statement, built once. */
const lockedLinesTaxAndChoices = statementShape<{ cartId: string; zipcode: string }>()((db, value) =>
  withDeliveryChoices(withZipTax(cartLinesQuery(db, value('cartId')), value('zipcode')), value('cartId'))
    .select(['cart_items.offer_id', 'variant_offers.stock as offer_stock'])
    .select((eb) => eb.exists(eb.selectFrom('service_areas').select('zipcode').where('zipcode', '=', value('zipcode'))).as('served'))
    .clearOrderBy()
    .orderBy('variant_offers.id')
    .orderBy('cart_items.id')
    .forUpdate('variant_offers'),
);

/** The zip's sales tax on every line: a left join on a one-row subquery. */
function withZipTax(query: ReturnType<typeof cartLinesQuery>, zipcode: Value<string>) {
  return query
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('service_areas')
          .innerJoin('state_tax_rates', 'state_tax_rates.state', 'service_areas.state')
          .select([
            'state_tax_rates.state',
            'state_tax_rates.grocery_rate_ppm',
            'state_tax_rates.general_rate_ppm',
            'state_tax_rates.grocery_exempt',
            'state_tax_rates.note',
          ])
          .where('service_areas.zipcode', '=', zipcode)
          .as('tax'),
      (join) => join.onTrue(),
    )
    .select([
      'tax.state as tax_state',
      'tax.grocery_rate_ppm as tax_rate_ppm',
      'tax.general_rate_ppm as tax_general_ppm',
      'tax.grocery_exempt as tax_exempt',
      'tax.note as tax_note',
    ]);
}

interface TaxColumns {
  tax_state: string | null;
  tax_rate_ppm: number | null;
  tax_general_ppm: number | null;
  tax_exempt: boolean | null;
  tax_note: string | null;
}

function taxOfRow(
  { tax_state: state, tax_rate_ppm: groceryPpm, tax_general_ppm: generalPpm, tax_exempt: exempt, tax_note: note }: TaxColumns,
  zipcode: string,
): TaxRate {
  if (state === null || groceryPpm === null || generalPpm === null || exempt === null || note === null) throw noTaxRate(zipcode);
  return { state, rates: { groceryPpm: exempt ? 0 : groceryPpm, generalPpm }, note };
}

function withoutTax<Row extends TaxColumns>({
  tax_state: _state,
  tax_rate_ppm: _rate,
  tax_general_ppm: _general,
  tax_exempt: _exempt,
  tax_note: _note,
  ...line
}: Row) {
  return line;
}

function cartLinesQuery(db: Kysely<Database>, cartId: Value<string>) {
  return db
    .selectFrom('cart_items')
    .innerJoin('variant_offers', 'variant_offers.id', 'cart_items.offer_id')
    .innerJoin('product_variants', 'product_variants.id', 'cart_items.variant_id')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .innerJoin('vendor_locations', (join) => join.on(sql<boolean>`vendor_locations.id = coalesce(cart_items.wallet_loc_id, variant_offers.loc_id)`))
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .innerJoin('categories as leaf', 'leaf.id', 'products.category_id')
    .leftJoin('categories as top', 'top.id', 'leaf.parent_id')
    .leftJoin('product_images', (join) => join.onRef('product_images.product_id', '=', 'products.id').on('product_images.position', '=', 0))
    .select([
      'cart_items.id as cart_rid',
      'cart_items.variant_id',
      'products.id as product_id',
      'products.name',
      'product_variants.bottle_size',
      'products.size_unit',
      'products.age_restricted',
      'products.sold_by_weight',
      'product_images.url as image',
      'cart_items.qty',
      sql<number>`case when cart_items.wallet_entry_id is null then variant_offers.price_cents else 0 end`.as('price_cents'),
      // The wallet holds a redeemed line: no more of it can be had than the line has.
      sql<number>`case when cart_items.wallet_entry_id is null then variant_offers.stock else cart_items.qty end`.as('stock'),
      'variant_offers.speed',
      'vendor_locations.id as loc_id',
      'vendors.id as vendor_id',
      sellerName().as('vendor_name'),
      'vendors.kind as vendor_kind',
      'variant_offers.area_loc_id',
      'cart_items.wallet_entry_id',
      // A wallet or paid dine-in line's table, as its ADD TO CART or the cart page kept it (walk 6 #3: paid too).
      sql<string | null>`case when (cart_items.wallet_entry_id is not null or variant_offers.speed = 'dine-in')
        and cart_items.timeslot is not null
        then to_char(cart_items.delivery_date, 'YYYY-MM-DD') || ' ' || cart_items.timeslot end`.as('wallet_visit'),
      'vendor_locations.opens_at',
      'vendor_locations.closes_at',
      sql<number>`coalesce(top.id, leaf.id)`.as('category_id'),
      sql<string>`coalesce(top.name, leaf.name)`.as('category_name'),
    ])
    .where('cart_items.cart_id', '=', cartId)
    .orderBy('cart_items.id');
}

/** The line can be ordered as it is: in stock for its quantity, or the wallet's (isLineOrderable). */
export function isOrderableRow(line: Pick<CartLineRow, 'qty' | 'stock' | 'wallet_entry_id'>): boolean {
  return isLineOrderable({ qty: line.qty, stock: line.stock, wallet: line.wallet_entry_id !== null });
}

export function itemSubtotalCents(lines: readonly CartLineRow[]): number {
  return lines.reduce((sum, line) => sum + line.price_cents * line.qty, 0);
}

export interface HeldSlot {
  templateId: number;
  start: string;
  end: string;
  slotDate: string;
  expiresAt: Date;
}

export interface DeliveryChoice {
  date: string | null;
  hold: HeldSlot | null;
}

/**
 * Each vendor group's chosen date and held slot, by vendor location: the dates and the holds (each at most one per
 * cart and location) full-joined on the location, one statement (decision 072: two before, in the delivery
 * schedule's answer and in place order's seat check alike). The cart page's and place order's reads of the lines
 * carry them instead (withDeliveryChoices, decision 082): this read is for the calls that have not read the lines.
 */
export async function loadDeliveryChoices(db: Kysely<Database>, cartId: string): Promise<Map<number, DeliveryChoice>> {
  return choicesOf(await db.selectFrom(deliveryChoicesQuery(cartId).as('choices')).selectAll().execute());
}

/**
 * The dates full-joined with the holds, one row per vendor location of the cart (see loadDeliveryChoices). Built on an
 * expression builder of its own, not on `db`: a subquery built on `db` would pass `db`'s plugins (the tests' statement
 * counter) once more, as if it were a statement of its own.
 */
function deliveryChoicesQuery(cartId: Value<string>) {
  return expressionBuilder<Database, never>()
    .selectFrom((inner) =>
      inner
        .selectFrom('cart_deliveries')
        .select(['cart_deliveries.loc_id', 'cart_deliveries.delivery_date'])
        .where('cart_deliveries.cart_id', '=', cartId)
        .as('dates'),
    )
    .fullJoin(
      (inner) =>
        inner
          .selectFrom('slot_holds')
          .innerJoin('driver_slot_templates', 'driver_slot_templates.id', 'slot_holds.template_id')
          .select([
            'slot_holds.loc_id',
            'slot_holds.template_id',
            'slot_holds.slot_date',
            'slot_holds.expires_at',
            'driver_slot_templates.start_time',
            'driver_slot_templates.end_time',
          ])
          .where('slot_holds.cart_id', '=', cartId)
          .as('holds'),
      (join) => join.onRef('holds.loc_id', '=', 'dates.loc_id'),
    )
    .select([
      'dates.loc_id as date_loc_id',
      'dates.delivery_date',
      'holds.loc_id as hold_loc_id',
      'holds.template_id',
      'holds.slot_date',
      'holds.expires_at',
      'holds.start_time',
      'holds.end_time',
    ]);
}

/** A row of deliveryChoicesQuery, as read or as JSON (where a timestamp comes as its ISO text). */
interface ChoiceRow {
  date_loc_id: number | null;
  delivery_date: string | null;
  hold_loc_id: number | null;
  template_id: number | null;
  slot_date: string | null;
  expires_at: Date | string | null;
  start_time: string | null;
  end_time: string | null;
}

function choicesOf(rows: readonly ChoiceRow[]): Map<number, DeliveryChoice> {
  const choices = new Map<number, DeliveryChoice>();
  for (const row of rows) {
    const locId = row.date_loc_id ?? row.hold_loc_id;
    if (locId === null) continue;
    const hold =
      row.template_id !== null && row.start_time !== null && row.end_time !== null && row.slot_date !== null && row.expires_at !== null
        ? { templateId: row.template_id, start: row.start_time, end: row.end_time, slotDate: row.slot_date, expiresAt: new Date(row.expires_at) }
        : null;
    choices.set(locId, { date: row.delivery_date, hold });
  }
  return choices;
}

/**
 * The cart's delivery choices on every line, as one JSON array: an uncorrelated subquery, which PostgreSQL computes
 * once for the statement (decision 082: the cart page's and place order's reads were a statement more each).
 */
function withDeliveryChoices<Query extends ReturnType<typeof withZipTax>>(query: Query, cartId: Value<string>) {
  return query.select(jsonArrayFrom(deliveryChoicesQuery(cartId)).as('choices'));
}

export interface TaxRate {
  state: string;
  /** The grocery rate (0 where groceries are exempt) and the general rate: which one a line pays is its kind's. */
  rates: TaxRates;
  note: string;
}

const noTaxRate = (zipcode: string) => new Error(`No sales tax rate for the state of zip ${zipcode}`);

/** The sales tax rates of the state the cart delivers to (its zip's state). */
export async function taxRateForZip(db: Kysely<Database>, zipcode: string): Promise<TaxRate> {
  const row = await db
    .selectFrom('service_areas')
    .innerJoin('state_tax_rates', 'state_tax_rates.state', 'service_areas.state')
    .select([
      'state_tax_rates.state',
      'state_tax_rates.grocery_rate_ppm',
      'state_tax_rates.general_rate_ppm',
      'state_tax_rates.grocery_exempt',
      'state_tax_rates.note',
    ])
    .where('service_areas.zipcode', '=', zipcode)
    .executeTakeFirst();
  // Every cart's zip is a served one (add to cart checks it); a served zip without a rate is a data error, not 0 %.
  if (!row) throw noTaxRate(zipcode);
  return { state: row.state, rates: { groceryPpm: row.grocery_exempt ? 0 : row.grocery_rate_ppm, generalPpm: row.general_rate_ppm }, note: row.note };
}

export interface VendorGroup {
  locId: number;
  vendorId: number;
  vendorName: string;
  vendorKind: VendorKind;
  speed: SpeedValue;
  lines: CartLineRow[];
  subtotalCents: number;
  /** Every line is redeemed from the wallet at this restaurant: nobody delivers it, no date or slot is chosen. */
  wallet: boolean;
  /** The table its wallet or dine-in lines are kept for ('YYYY-MM-DD HH:MM'), or undefined when none was kept. */
  walletVisit: string | undefined;
  /** The restaurant's opening hours, for choosing a wallet or dine-in group's table on the cart page. */
  hours: { opens_at: string; closes_at: string } | undefined;
}

/** A group's lines as sales tax reads them: each line's price and kind (taxKindOf). */
export function taxedLines(group: VendorGroup): TaxedLine[] {
  return group.lines.map((line) => ({ rowCents: line.price_cents * line.qty, kind: taxKindOf(line) }));
}

/**
 * The tax note the cart and the order summary show: the state's words, and what its wine, spirits or restaurant meals
 * pay when the cart holds any that cost something (a wallet redemption is priced 0: nothing taxed); none at all ('')
 * when no line costs anything.
 */
export function taxNoteOf(tax: TaxRate, groups: readonly VendorGroup[]): string {
  const priced = groups.flatMap((g) => taxedLines(g).filter((line) => line.rowCents > 0));
  // Nothing priced (wallet redemptions only, QA walk 7 #10): nothing is taxed, so no words on groceries either.
  if (priced.length === 0) return '';
  const kinds = new Set(priced.map((line) => line.kind));
  return cartTaxNote(tax.note, tax.rates.generalPpm, {
    groceries: kinds.has('grocery'),
    alcohol: kinds.has('alcohol'),
    meals: kinds.has('prepared-food'),
  });
}

/** Lines grouped by vendor location (one speed each): Same Day first, then Next Day, then Farm Direct. */
export function vendorGroups(lines: readonly CartLineRow[]): VendorGroup[] {
  const byLoc = new Map<number, VendorGroup>();
  for (const line of lines) {
    const group = byLoc.get(line.loc_id) ?? {
      locId: line.loc_id,
      vendorId: line.vendor_id,
      vendorName: line.vendor_name,
      vendorKind: line.vendor_kind,
      speed: line.speed,
      lines: [],
      subtotalCents: 0,
      wallet: true,
      walletVisit: undefined,
      hours: line.opens_at && line.closes_at ? { opens_at: line.opens_at, closes_at: line.closes_at } : undefined,
    };
    group.lines.push(line);
    group.walletVisit ??= line.wallet_visit ?? undefined;
    group.wallet = group.wallet && line.wallet_entry_id !== null;
    group.subtotalCents += line.price_cents * line.qty;
    byLoc.set(line.loc_id, group);
  }
  return [...byLoc.values()].sort((a, b) => speedValues.indexOf(a.speed) - speedValues.indexOf(b.speed) || a.locId - b.locId);
}

/** A group's promise as it stands now: a chosen date the vendor can no longer make, or a slot that has passed, reads as not chosen. */
export function validChoice(
  group: VendorGroup,
  choice: DeliveryChoice | undefined,
  calendar: VendorCalendarInfo | undefined,
  now: Date,
): DeliveryChoice {
  const date = choice?.date ?? null;
  if (date === null || !calendar || deliveryDateRefusal(date, group.speed, calendar, now) !== undefined) return { date: null, hold: null };
  const hold = choice?.hold ?? null;
  if (group.speed !== 'local' || hold === null || hold.slotDate !== date) return { date, hold: null };
  if (date === storeToday(now) && isSlotPast(hold, storeMinutes(now))) return { date, hold: null };
  return { date, hold };
}

interface CartRow {
  id: string;
  zipcode: string;
  coupon_code: string | null;
}

/** The vendors' calendars, reading only those the caller did not already read (decision 065). */
async function calendarsOf(
  db: Kysely<Database>,
  vendorIds: readonly number[],
  known: ReadonlyMap<number, VendorCalendarInfo> | undefined,
): Promise<ReadonlyMap<number, VendorCalendarInfo>> {
  const missing = vendorIds.filter((id) => !known?.has(id));
  if (known === undefined || missing.length === vendorIds.length) return vendorCalendars(db, vendorIds);
  const read = await vendorCalendars(db, missing);
  return new Map([...known, ...read]);
}

/** The whole cart as the cart page shows it, every figure computed here. */
/**
 * With `kept`, the lines kept for other zips too (decision 047): showcart and removekept list them; the other calls
 * leave them out (one statement fewer on the checkout path, decision 027) and the cart page keeps the last list.
 */
export async function loadCartView(
  db: Kysely<Database>,
  cart: CartRow,
  now: Date,
  options: { kept?: boolean; calendars?: ReadonlyMap<number, VendorCalendarInfo> | undefined } = {},
): Promise<CartData> {
  const { lines, tax, choices } = await loadCartLinesTaxAndChoices(db, cart.id, cart.zipcode);
  const groups = vendorGroups(lines);
  // Walk 9 #2: a line its seller cannot sell as it is now (sold out, or more than is left) stays on the page, marked
  // (lineShortage), and out of every figure: the totals are those of what can be ordered.
  const billed = vendorGroups(lines.filter(isOrderableRow));
  const [calendars, coupon, kept] = await Promise.all([
    calendarsOf(
      db,
      groups.map((g) => g.vendorId),
      options.calendars,
    ),
    cart.coupon_code === null ? Promise.resolve(undefined) : findCoupon(db, cart.coupon_code),
    options.kept === true ? loadKeptLines(db, cart.id) : Promise.resolve(undefined),
  ]);
  const subtotal = billed.reduce((sum, group) => sum + group.subtotalCents, 0);
  // The routes drop a coupon that stopped applying before they show the cart; this keeps the figures honest anyway.
  const usable: CouponTerms | null = coupon && couponRefusal(coupon, subtotal, now) === undefined ? coupon : null;
  const totals = cartTotals({
    groups: billed.map((g) => ({ locId: g.locId, speed: g.speed, subtotalCents: g.subtotalCents, collected: g.wallet, lines: taxedLines(g) })),
    coupon: usable,
    tax: tax.rates,
  });
  const feeOf = new Map(totals.groups.map((g) => [g.locId, g.deliveryFeeCents]));

  const deliveryGroups: DeliveryGroup[] = [];
  const result: CartLine[] = [];
  groups.forEach((group) => {
    const choice = validChoice(group, choices.get(group.locId), calendars.get(group.vendorId), now);
    const timeslot = choice.hold ? { slot_id: choice.hold.templateId, start: choice.hold.start, end: choice.hold.end } : null;
    // A group with nothing it can order now has no delivery to pay for.
    const fee = feeOf.get(group.locId) ?? 0;
    deliveryGroups.push({
      vendor_loc_id: group.locId,
      vendor_id: group.vendorId,
      vendor_name: group.vendorName,
      type: group.speed,
      delivery_fee: centsToDollars(fee),
      delivery_date: choice.date,
      timeslot,
      hold_expires_at: choice.hold ? choice.hold.expiresAt.toISOString() : null,
      wallet: group.wallet,
      dinein_time: group.walletVisit ?? null,
      ...((group.wallet || group.speed === 'dine-in') && group.hours ? { visit_hours: group.hours } : {}),
    });
    group.lines.forEach((line, position) => {
      result.push({
        cart_rid: line.cart_rid,
        product_id: line.variant_id,
        parent_id: line.product_id,
        name: line.name,
        bottle_size: line.bottle_size,
        size_unit: line.size_unit,
        age_restricted: line.age_restricted,
        sold_by_weight: line.sold_by_weight,
        image: line.image ?? `/media/products/${line.product_id}/0.svg`,
        qty: line.qty,
        product_price: centsToDollars(line.price_cents),
        row_total: centsToDollars(line.price_cents * line.qty),
        type: line.speed,
        speed_id: line.speed,
        vendor_id: line.vendor_id,
        vendor_name: line.vendor_name,
        vendor_loc_id: line.loc_id,
        // The group's fee rides on its first line, so the lines' shipping amounts add up to the delivery fee.
        shipping_amount: centsToDollars(position === 0 ? fee : 0),
        delivery_date: choice.date,
        timeslot,
        stock: line.stock,
        wallet: line.wallet_entry_id !== null,
        category_id: line.category_id,
        category_name: line.category_name,
      });
    });
  });

  return {
    cart_id: cart.id,
    result,
    delivery_groups: deliveryGroups,
    ...cartTotalsInDollars(totals),
    tax_note: taxNoteOf(tax, billed),
    coupon_code: usable ? usable.code : null,
    // The header's count is of the lines the totals count (cartBadgeQty reads the same where no view is built).
    total_items_count: lines.filter(isOrderableRow).reduce((sum, line) => sum + line.qty, 0),
    ...(kept === undefined ? {} : { kept_lines: kept }),
  };
}
