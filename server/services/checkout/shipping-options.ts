import type { Kysely, Selectable } from 'kysely';
import type { Retailer, ShipMethod, SpeedOption } from '../../../src/api/contract/shipping.contract.ts';
import type { DeliveryGroup, NextDeliveryDateEntry } from '../../../src/api/contract/cart-page.contract.ts';
import { addressRuleMessages } from '../../../src/rules/address-validation.ts';
import { nextDeliveryDate } from '../../../src/rules/delivery-dates.ts';
import { speedIds, speedOptionOf, type SpeedId } from '../../../src/rules/delivery-speeds.ts';
import { cartIsEmptyRefusal } from '../../../src/rules/messages.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import type { Database, VendorLocationsTable } from '../../db/schema.ts';
import { findOwnAddress } from '../accounts/addresses.ts';
import { closedCartNotFound, findOwnCart } from '../cart/carts.ts';
import { notServedMessage } from '../catalogue/catalogue-cache.ts';
import { loadCartView, loadDeliveryChoices, validChoice, type VendorGroup } from '../cart/cart-view.ts';
import { nextDeliveryDates, vendorCalendars } from '../cart/delivery-dates.ts';
import { isServedZip, loadOrderBasis, orderTotals } from './order-totals.ts';
import { chosenOptions, noSpeedReason, offeredSpeedIds } from './offers.ts';
import type { Caller } from '../platform/caller.ts';
import { milesBetweenZips } from '../platform/zip-distance.ts';
import { isVisitSpeed } from '../../../src/rules/speeds.ts';

export interface ShippingRequest {
  cartId: string;
  addressId?: number | undefined;
  zipcode?: string | undefined;
  /** The client's stored flags: when any is set, only the matching options are listed. */
  delivery: boolean;
  pickup: boolean;
  dineIn: boolean;
}

export type ShippingOutcome =
  /** message: with no speed, why (noSpeedReason), which the speed tab shows with a way back to the cart. */
  | { kind: 'speeds'; speed: SpeedOption[]; groups: DeliveryGroup[]; calendars: NextDeliveryDateEntry[]; message?: string | undefined }
  | { kind: 'refused'; message: string }
  /** field: the body field naming what is gone (the caller's cart, ordered meanwhile), else none. */
  | { kind: 'not-found'; what: string; field?: string }
  /** The delivery address is not the caller's (deleted since the address step listed it): the cart itself is fine. */
  | { kind: 'address-gone' };

const descriptions: Readonly<Record<SpeedId, string>> = {
  1: "Brought by the shop's own driver in the time slot you chose.",
  2: 'Collect your order at the shop, ready an hour after you order.',
  3: 'Eat in at the shop: your order is prepared for your table.',
  10: 'Shipped chilled by courier in an insulated box.',
  11: 'Shipped straight from the farm on its delivery days.',
};

/**
 * A speed's own delivery fee: the sum over the cart's groups of that speed (delivery-speeds.ts), e.g. 1 Hour Delivery's
 * Same Day shops only. A courier or farm group's fee is its ship method's (listed with every option), not added under
 * '1 Hour Delivery' as if the hour's driver brought it; order review still charges every group's.
 */
export function speedFeeCents(
  groups: readonly Pick<VendorGroup, 'speed' | 'wallet'>[],
  fees: readonly { deliveryFeeCents: number }[],
  id: SpeedId,
): number {
  const serves = speedOptionOf(id).serves;
  // fees come from the groups in their order (cartTotals maps each group to its fees).
  return groups.reduce((sum, group, index) => (!group.wallet && group.speed === serves ? sum + (fees[index]?.deliveryFeeCents ?? 0) : sum), 0);
}

/** The columns of a shop that the retailer list shows. */
const shopColumns = ['id', 'name', 'street1', 'street2', 'city', 'state', 'zipcode', 'telephone'] as const;
type ShopRow = Pick<Selectable<VendorLocationsTable>, (typeof shopColumns)[number]>;

function shopAddress(shop: ShopRow): string {
  const street = shop.street2 ? `${shop.street1}, ${shop.street2}` : shop.street1;
  return `${street}, ${shop.city}, ${shop.state} ${shop.zipcode}`;
}

/**
 * The delivery speed options for the caller's cart. The cart's zip rules: an address or zip for another area is
 * refused with the spec's message, since nothing in the cart is sold there.
 */
export async function shippingOptions(
  db: Kysely<Database>,
  caller: Caller | undefined,
  request: ShippingRequest,
  now: Date,
): Promise<ShippingOutcome> {
  const cart = await findOwnCart(db, request.cartId, caller);
  if (!cart) return { kind: 'not-found', ...(await closedCartNotFound(db, request.cartId, caller)) };
  let fromZip = cart.zipcode;
  if (request.addressId !== undefined) {
    const address = caller ? await findOwnAddress(db, caller.customerId, request.addressId) : undefined;
    if (!address) return { kind: 'address-gone' };
    if (address.zipcode !== cart.zipcode) return { kind: 'refused', message: addressRuleMessages.deliveryZipMismatch };
    fromZip = address.zipcode;
  }
  if (request.zipcode !== undefined && request.zipcode !== cart.zipcode) {
    return { kind: 'refused', message: addressRuleMessages.deliveryZipMismatch };
  }

  if (!(await isServedZip(db, cart.zipcode))) return { kind: 'refused', message: notServedMessage };
  const basis = await loadOrderBasis(db, cart, now);
  if (basis.lines.length === 0) return { kind: 'refused', message: cartIsEmptyRefusal };
  const groups = basis.groups;
  // Every option is priced by the same computation order review and place order use, for that option.
  const feesFor = (id: SpeedId) => orderTotals(basis, { speedId: id, tipPercent: 0 });
  const [choices, calendars, shops] = await Promise.all([
    loadDeliveryChoices(db, cart.id),
    vendorCalendars(
      db,
      groups.map((g) => g.vendorId),
    ),
    db
      .selectFrom('vendor_locations')
      .select(shopColumns)
      .where(
        'id',
        'in',
        groups.map((g) => g.locId),
      )
      .execute(),
  ]);

  const dateOf = (group: VendorGroup) => {
    const calendar = calendars.get(group.vendorId);
    const choice = validChoice(group, choices.get(group.locId), calendar, now);
    return {
      date: choice.date ?? (calendar ? (nextDeliveryDate(now, group.speed, calendar.calendar) ?? null) : null),
      start: choice.hold?.start ?? null,
    };
  };

  /**
   * The shops whose lines a speed covers (the step's 'Select Retailer'): at Store Pickup and Dine-In the restaurants
   * the shopper picks from; a delivery speed every seller of the kind it serves (1 Hour Delivery the shops' Same Day
   * lines, Courier and Farm Direct their shipped ones: before, these two listed none).
   */
  const covered = (id: SpeedId): VendorGroup[] => {
    const info = speedOptionOf(id);
    if (info.choice === 'retailer') return groups.filter((g) => g.wallet || isVisitSpeed(g.speed));
    return groups.filter((g) => !g.wallet && g.speed === info.serves);
  };
  const retailers = async (id: SpeedId): Promise<Retailer[]> => {
    const fees = feesFor(id);
    return Promise.all(
      covered(id).map(async (group, index) => {
        const shop = shops.find((s) => s.id === group.locId);
        const when = dateOf(group);
        return {
          id: group.locId,
          name: shop?.name ?? group.vendorName,
          phone: shop?.telephone ?? '',
          address: shop ? shopAddress(shop) : '',
          product_total: centsToDollars(group.subtotalCents),
          desc: group.vendorName,
          distance: shop ? ((await milesBetweenZips(fromZip, shop.zipcode)) ?? null) : null,
          pickup_date: when.date,
          ready_time: when.start,
          delivery_fee: centsToDollars(fees.groups.find((f) => f.locId === group.locId)?.deliveryFeeCents ?? 0),
          isPrimary: index === 0,
          index,
        };
      }),
    );
  };
  /** The cart's shipped groups (courier, farm), listed with every option: each ships on its own date. */
  const shipMethods = (id: SpeedId): ShipMethod[] => {
    const fees = feesFor(id);
    return groups
      .filter((g) => !g.wallet && (g.speed === 'courier' || g.speed === 'farm-direct'))
      .map((group, index) => {
        const shipping = speedOptionOf(group.speed === 'courier' ? speedIds.courier : speedIds.farmDirect);
        const fee = centsToDollars(fees.groups.find((f) => f.locId === group.locId)?.deliveryFeeCents ?? 0);
        return {
          id: `${group.speed}-${group.locId}`,
          method: `${shipping.name} (${group.vendorName})`,
          amount: fee,
          fee,
          delivery_date: dateOf(group).date,
          pickup_date: null,
          dropoff_eta: null,
          duration: shipping.duration,
          type: group.speed,
          vendor_loc_id: group.locId,
          isPrimary: index === 0,
        };
      });
  };

  const speed: SpeedOption[] = [];
  for (const id of offeredSpeedIds(groups, basis.area, chosenOptions(request))) {
    const info = speedOptionOf(id);
    speed.push({
      id,
      name: info.name,
      description: descriptions[id],
      duration: info.duration,
      retailers: await retailers(id),
      ship_methods: shipMethods(id),
      isPrimary: false,
      delivery_fee: centsToDollars(speedFeeCents(groups, feesFor(id).groups, id)),
    });
  }
  // The spec's default is 1 Hour Delivery; a cart without Same Day items defaults to its first shipping option.
  const first = speed[0];
  if (first) first.isPrimary = true;
  // The sellers' dates and slots as the cart page holds them, with their calendars: the speed step's blocks.
  const [view, entries] = await Promise.all([
    loadCartView(db, cart, now),
    nextDeliveryDates(
      db,
      groups.filter((g) => !g.wallet && !isVisitSpeed(g.speed)).map((g) => ({ vendorId: g.vendorId, speed: g.speed })),
      now,
    ),
  ]);
  const message = speed.length === 0 ? noSpeedReason(groups, basis.area, chosenOptions(request)) : undefined;
  return { kind: 'speeds', speed, groups: view.delivery_groups, calendars: entries, message };
}
