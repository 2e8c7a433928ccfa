import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { VendorKind } from '../../server/db/schema.ts';
import { vendorGroups, type CartLineRow } from '../../server/services/cart/cart-view.ts';
import { cartSpeedIds, chosenOptions, offeredSpeedIds, optionOfSpeed, retailerLocIds, speedRefusal } from '../../server/services/checkout/offers.ts';
import { orderTotals } from '../../server/services/checkout/order-totals.ts';
import { speedOptionInfo, type SpeedId } from '../../src/rules/delivery-speeds.ts';
import { handsOver } from '../../src/rules/dine-in.ts';
import { speedValues, type SpeedValue } from '../../src/rules/speeds.ts';

/**
 * The offer rule (issue 23), drawn: carts of lines from sellers of every kind, at every speed, sold in this area or
 * another, with or without wallet lines, and the Delivery Options flags a shopper may send. Whatever shipping options
 * offers, place order and order review accept (speedRefusal is what both call), at the total order review shows;
 * whatever they refuse was never offered, and no refused speed is cheaper than an offered one would be.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20261128);
const area = 1;
const kinds: readonly VendorKind[] = ['local', 'courier', 'farm-direct', 'restaurant'];
const allSpeedIds: readonly SpeedId[] = speedOptionInfo.map((s) => s.id);

interface Drawn {
  locId: number;
  kind: VendorKind;
  speed: SpeedValue;
  wallet: boolean;
  areaLocId: number | null;
  priceCents: number;
  qty: number;
}

/** A seller sells at one speed (a group is one location); its lines may differ in area and wallet. */
const seller = fc.record({
  locId: fc.integer({ min: 100, max: 106 }),
  kind: fc.constantFrom(...kinds),
  speed: fc.constantFrom(...speedValues),
});
const line = fc.record({
  wallet: fc.boolean(),
  areaLocId: fc.constantFrom<number | null>(null, null, area, area, 2),
  priceCents: fc.integer({ min: 0, max: 20_000 }),
  qty: fc.integer({ min: 1, max: 5 }),
});
const cart = fc.array(fc.tuple(seller, fc.array(line, { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 4 }).map((sellers) => {
  // One kind and speed per location, as in the database.
  const seen = new Map<number, { kind: VendorKind; speed: SpeedValue }>();
  const drawn: Drawn[] = [];
  for (const [s, lines] of sellers) {
    const first = seen.get(s.locId) ?? { kind: s.kind, speed: s.speed };
    seen.set(s.locId, first);
    for (const l of lines) drawn.push({ locId: s.locId, ...first, ...l });
  }
  return drawn;
});
const flags = fc.record({ delivery: fc.boolean(), pickup: fc.boolean(), dineIn: fc.boolean() });

function rows(drawn: readonly Drawn[]): CartLineRow[] {
  return drawn.map((d, index) => ({
    cart_rid: index + 1,
    variant_id: index + 1,
    product_id: index + 1,
    name: `Item ${index + 1}`,
    bottle_size: 1,
    size_unit: 'g',
    age_restricted: false,
    sold_by_weight: false,
    image: null,
    qty: d.qty,
    price_cents: d.wallet ? 0 : d.priceCents,
    stock: 10,
    speed: d.speed,
    loc_id: d.locId,
    vendor_id: d.locId,
    vendor_name: `Seller ${d.locId}`,
    vendor_kind: d.kind,
    area_loc_id: d.areaLocId,
    wallet_entry_id: d.wallet ? index + 1 : null,
    wallet_visit: null,
    // Restaurants at odd locations open at 5 PM: no pick-up time left in the spec's 10 to 16 (walk 7 #1).
    opens_at: d.kind === 'restaurant' ? (d.locId % 2 === 1 ? '17:00' : '12:00') : null,
    closes_at: d.kind === 'restaurant' ? (d.locId % 2 === 1 ? '23:00' : '22:30') : null,
    category_id: 1002,
    category_name: 'Beef',
  }));
}

const noCoupon = { coupon: null, tax: { state: 'NY', rates: { groceryPpm: 0, generalPpm: 88_750 }, note: '' } };

describe('the offer rule', () => {
  test('every offered speed is one place order accepts, at the total order review shows; nothing else is accepted', () => {
    fc.assert(
      fc.property(cart, flags, (drawn, chosen) => {
        const groups = vendorGroups(rows(drawn));
        const offered = offeredSpeedIds(groups, area, chosenOptions(chosen));
        const accepted = allSpeedIds.filter((id) => speedRefusal(groups, area, id) === undefined);
        // Offered ⊆ accepted, and accepted is exactly the cart's speeds (what an unflagged shipping call lists).
        for (const id of offered) expect(accepted).toContain(id);
        expect(accepted).toEqual([...cartSpeedIds(groups, area)].sort((a, b) => a - b));
        // The flags only narrow: every offered speed fits a chosen option.
        const options = chosenOptions(chosen);
        if (options.length > 0) for (const id of offered) expect(options).toContain(optionOfSpeed(id));
        for (const id of accepted) {
          // Dine-In and Store Pickup only at restaurants, and only for what the shopper visits them for.
          if (id === 2 || id === 3) {
            expect(groups.every((g) => g.vendorKind === 'restaurant')).toBe(true);
            expect(retailerLocIds(groups, id).length).toBe(groups.length);
          }
          // Store Pickup only where the hours leave a pick-up time.
          if (id === 2) expect(groups.every((g) => handsOver(g.hours))).toBe(true);
          // Delivery only for what is sold in the area it goes to.
          if (id === 1 || id === 10 || id === 11) {
            for (const g of groups) if (!g.wallet) expect(g.lines.every((l) => l.area_loc_id === null || l.area_loc_id === area)).toBe(true);
          }
          // Order review and place order price the choice with orderTotals: the same figures shipping lists.
          const totals = orderTotals({ groups, ...noCoupon }, { speedId: id, tipPercent: 0 });
          expect(totals.grandtotal).toBe(totals.subtotalAfterDiscount + totals.deliveryFee + totals.feeAmount + totals.taxes);
        }
        // A refused speed is never the way to a cheaper order: it is refused before any total is computed.
        for (const id of allSpeedIds.filter((i) => !accepted.includes(i))) expect(speedRefusal(groups, area, id)).toBeDefined();
      }),
      { seed, numRuns: 400 },
    );
  });

  test("a butcher's Same Day cart is offered 1 Hour Delivery only, whatever the flags", () => {
    const butcher = vendorGroups(rows([{ locId: 101, kind: 'local', speed: 'local', wallet: false, areaLocId: area, priceCents: 749, qty: 1 }]));
    expect(offeredSpeedIds(butcher, area, [])).toEqual([1]);
    expect(offeredSpeedIds(butcher, area, ['dine-in', 'pick-up'])).toEqual([]);
    expect(speedRefusal(butcher, area, 3)).toBeDefined();
    expect(speedRefusal(butcher, area, 2)).toBeDefined();
    // Sold in another area: not even delivered there.
    const elsewhere = vendorGroups(rows([{ locId: 101, kind: 'local', speed: 'local', wallet: false, areaLocId: 2, priceCents: 749, qty: 1 }]));
    expect(cartSpeedIds(elsewhere, area)).toEqual([]);
  });

  test('Store Pickup is not offered, and refused, at a restaurant whose hours leave no pick-up time (walk 7 #1)', () => {
    const at = (locId: number) =>
      vendorGroups(rows([{ locId, kind: 'restaurant', speed: 'pickup', wallet: false, areaLocId: area, priceCents: 2400, qty: 1 }]));
    // 102: open 12:00 PM to 10:30 PM, pick-up from 12:00 to 16:00.
    expect(offeredSpeedIds(at(102), area, ['pick-up'])).toEqual([2]);
    expect(speedRefusal(at(102), area, 2)).toBeUndefined();
    // 101: open 5 PM to 11 PM (Hudson Prime's hours): nothing handed over, so place order refuses it too.
    expect(offeredSpeedIds(at(101), area, ['pick-up'])).toEqual([]);
    expect(speedRefusal(at(101), area, 2)).toBeDefined();
  });
});
