import { describe, expect, it } from 'vitest';
import { promoApplies } from '../../src/rules/promos.ts';

describe('promotions by the shopper’s delivery option', () => {
  const freeDelivery = ['local'] as const;
  const courier = ['courier'] as const;

  it('shows a delivery shopper every delivery promotion, whichever delivery speed the catalogue is narrowed to', () => {
    for (const courierType of [undefined, 'local', 'courier', 'farm-direct'] as const) {
      expect(promoApplies(freeDelivery, courierType)).toBe(true);
      expect(promoApplies(courier, courierType)).toBe(true);
    }
  });

  it('shows a Dine-In or Pick-Up shopper no delivery promotion, only what is about their visit or about everyone', () => {
    for (const visit of ['dine-in', 'pickup'] as const) {
      expect(promoApplies(freeDelivery, visit)).toBe(false);
      expect(promoApplies(courier, visit)).toBe(false);
      expect(promoApplies(['farm-direct'], visit)).toBe(false);
      expect(promoApplies([visit], visit)).toBe(true);
      expect(promoApplies(null, visit)).toBe(true);
    }
    expect(promoApplies(['dine-in'], 'pickup')).toBe(false);
    expect(promoApplies(['dine-in'], undefined)).toBe(false);
  });
});
