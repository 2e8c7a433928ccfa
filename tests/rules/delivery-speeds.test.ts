import { describe, expect, it } from 'vitest';
import { groupSpeedName, speedOptionLabel } from '../../src/rules/delivery-speeds.ts';

/** Walk 3 defect 10: a Same Day and Farm Direct cart read as '1 Hour Delivery' only on the speed tab. */
describe("the speed tab's names for a mixed cart", () => {
  const farm = { method: 'Farm Direct (Green Pastures Farm)' };
  const courier = { method: 'Courier Delivery (ColdChain Express)' };
  it('names with 1 Hour Delivery the ship methods the other sellers come by', () => {
    expect(speedOptionLabel({ id: 1, name: '1 Hour Delivery', duration: '~ 1 HOUR', ship_methods: [farm] })).toBe(
      '1 Hour Delivery (~ 1 HOUR) + Farm Direct (Green Pastures Farm)',
    );
    expect(speedOptionLabel({ id: 1, name: '1 Hour Delivery', duration: '~ 1 HOUR', ship_methods: [courier, farm] })).toBe(
      '1 Hour Delivery (~ 1 HOUR) + Courier Delivery (ColdChain Express) + Farm Direct (Green Pastures Farm)',
    );
  });
  it("keeps the spec's name and duration where the speed is the whole cart's", () => {
    expect(speedOptionLabel({ id: 1, name: '1 Hour Delivery', duration: '~ 1 HOUR', ship_methods: [] })).toBe('1 Hour Delivery (~ 1 HOUR)');
    expect(speedOptionLabel({ id: 10, name: 'Courier Delivery', duration: '2 ~ 3 DAYS', ship_methods: [courier] })).toBe(
      'Courier Delivery (2 ~ 3 DAYS)',
    );
    expect(speedOptionLabel({ id: 3, name: 'Dine-In', duration: '', ship_methods: [] })).toBe('Dine-In');
  });
  it("says how each seller's block comes, tying the cart's speed name to the checkout's", () => {
    expect(groupSpeedName('local', 1)).toBe('Same Day (1 Hour Delivery)');
    expect(groupSpeedName('local', 2)).toBe('Store Pickup');
    expect(groupSpeedName('courier', 1)).toBe('Next Day (Courier Delivery)');
    expect(groupSpeedName('farm-direct', 1)).toBe('Farm Direct');
  });
});
