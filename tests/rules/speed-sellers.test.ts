import { describe, expect, it } from 'vitest';
import { sellerLabel, sellersOfSpeed } from '../../src/rules/speed-sellers.ts';

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
