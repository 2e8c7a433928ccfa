import { describe, expect, it } from 'vitest';
import { sellerLabel, sellersOfSpeed, sellerBlockFee } from '../../src/rules/speed-sellers.ts';

const butcher = { id: 101, name: 'Hudson Street Butchers', distance: 1.2 };
const fish = { id: 102, name: 'Chelsea Fish', distance: null };

describe('sellersOfSpeed: the shops whose lines the chosen speed covers', () => {
  it('a delivery (1, 10, 11) covers every shop the speed lists, whichever is "chosen"', () => {
    for (const id of [1, 10, 11] as const) expect(sellersOfSpeed({ id, retailers: [butcher, fish] }, 101)).toEqual([butcher, fish]);
  });
  it('Store Pickup and Dine-In cover the shop picked', () => {
    expect(sellersOfSpeed({ id: 2, retailers: [butcher, fish] }, 102)).toEqual([fish]);
    expect(sellersOfSpeed({ id: 3, retailers: [butcher, fish] }, 101)).toEqual([butcher]);
  });
  it('labels a shop with its distance when known', () => {
    expect([butcher, fish].map(sellerLabel)).toEqual(['Hudson Street Butchers (1.2 mi)', 'Chelsea Fish']);
  });
});

describe("a seller's own delivery fee on its date block (walk 3 defect 11)", () => {
  it("shows each group's own fee, so two Same Day sellers' blocks add up to the cart's Delivery Fee", () => {
    const hudson = { type: 'local', delivery_fee: '4.99' };
    const fulton = { type: 'local', delivery_fee: '4.99' };
    expect([hudson, fulton].map((g) => sellerBlockFee(g, 1))).toEqual(['4.99', '4.99']);
    expect(sellerBlockFee({ type: 'farm-direct', delivery_fee: '12.99' }, 1)).toBe('12.99');
  });

  it('shows none for a Same Day group picked up or eaten in (nobody drives it), a shipped group keeps its own', () => {
    expect(sellerBlockFee({ type: 'local', delivery_fee: '4.99' }, 2)).toBeUndefined();
    expect(sellerBlockFee({ type: 'local', delivery_fee: '4.99' }, 3)).toBeUndefined();
    expect(sellerBlockFee({ type: 'courier', delivery_fee: '9.00' }, 2)).toBe('9.00');
  });
});
