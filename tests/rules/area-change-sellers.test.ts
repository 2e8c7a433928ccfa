import { describe, expect, it } from 'vitest';
import type { AreaChangeLine } from '../../src/rules/area-change.ts';
import { sellerChangeLines, sellerChangeWords } from '../../src/rules/area-change-sellers.ts';

const line = (name: string, size: string, new_seller?: string): AreaChangeLine => ({ name, size, qty: 1, new_seller });

describe('the pincode question names a line that changes seller (QA walk: it said nothing)', () => {
  it('names each moved line with its new seller, the size only where two share a name', () => {
    const keep = [
      line('USDA Prime Ribeye Steak', '16 oz', 'Halsted Meat Market'),
      line('Salmon', '1 lb'),
      line('Oysters', '12 ct', 'Polk Street Fish Market'),
      line('Oysters', '24 ct', 'Polk Street Fish Market'),
    ];
    expect(sellerChangeLines(keep)).toEqual([
      'USDA Prime Ribeye Steak comes from Halsted Meat Market there',
      'Oysters, 12 ct comes from Polk Street Fish Market there',
      'Oysters, 24 ct comes from Polk Street Fish Market there',
    ]);
    expect(sellerChangeLines([line('Salmon', '1 lb')])).toEqual([]);
  });

  it('says the delivery date and time will be chosen again', () => {
    expect(sellerChangeWords('60601')).toEqual({
      heading: 'Some items come from another seller with 60601:',
      dates: 'Their delivery date and time will be chosen again.',
    });
  });

  it('times a move to a restaurant in its own words, not a delivery date (QA walk 3)', () => {
    expect(sellerChangeWords('Pick-Up', 'pick-up').dates).toBe('They are ready at the pick-up time you chose.');
    expect(sellerChangeWords('Dine-In at Gramercy Chop House', 'dine-in').dates).toBe('They are served at the table time you chose.');
    expect(sellerChangeWords('Delivery', 'delivery').dates).toBe('Their delivery date and time will be chosen again.');
    for (const mode of ['pick-up', 'dine-in'] as const) expect(sellerChangeWords('Pick-Up', mode).dates).not.toContain('delivery');
  });
});
