import { describe, expect, it } from 'vitest';
import {
  initialSelection,
  offerFor,
  selectableSizes,
  selectedPrice,
  selectedStockStatus,
  selectionForSize,
  speedsForSize,
  type SizeLike,
} from '../../src/rules/product-options.ts';

const small: SizeLike = {
  id: 11,
  bottle_size: 500,
  price: '9.99',
  speed_id: [
    { Type: 'courier', Loc_id: 900, Price: '10.49', stock: 5, vendor_name: 'Cold Chain' },
    { Type: 'local', Loc_id: 101, Price: '9.99', stock: 0, vendor_name: 'Butcher A' },
    { Type: 'local', Loc_id: 102, Price: '10.29', stock: 3, vendor_name: 'Butcher B' },
  ],
};
const large: SizeLike = {
  id: 12,
  bottle_size: 1000,
  price: '17.99',
  speed_id: [{ Type: 'farm-direct', Loc_id: 950, Price: '17.99', stock: 0, vendor_name: 'Farm' }],
};
const none: SizeLike = { id: 10, bottle_size: 0, price: '1.00', speed_id: [] };

describe('product options', () => {
  it('lists sizes by weight and hides size 0 unless it is the only one', () => {
    expect(selectableSizes([large, none, small]).map((s) => s.id)).toEqual([11, 12]);
    expect(selectableSizes([none]).map((s) => s.id)).toEqual([10]);
  });

  it('offers only the speeds a size has, in Same Day, Next Day, Farm Direct order', () => {
    expect(speedsForSize(small)).toEqual(['local', 'courier']);
    expect(speedsForSize(large)).toEqual(['farm-direct']);
    expect(speedsForSize(undefined)).toEqual([]);
  });

  it('picks the cheapest offer with stock for a speed, or the chosen vendor', () => {
    expect(offerFor(small, 'local')?.Loc_id).toBe(102);
    expect(offerFor(small, 'local', 101)?.Loc_id).toBe(101);
    expect(offerFor(large, 'farm-direct')?.Loc_id).toBe(950);
    expect(offerFor(small, 'farm-direct')).toBeUndefined();
  });

  it('a size starts on its first speed with stock', () => {
    expect(initialSelection([large, small])).toEqual({ sizeId: 11, speed: 'local', vendorLocId: 102 });
    expect(selectionForSize(large)).toEqual({ sizeId: 12, speed: 'farm-direct', vendorLocId: 950 });
  });

  it('the price and stock follow size and speed', () => {
    const selection = selectionForSize(small);
    expect(selectedPrice(small, selection)).toBe('10.29');
    expect(selectedPrice(small, { ...selection, speed: 'courier', vendorLocId: undefined })).toBe('10.49');
    expect(selectedStockStatus(small, selection)).toBe('in stock');
    expect(selectedStockStatus(large, selectionForSize(large))).toBe('out of stock');
    expect(selectedStockStatus(small, { sizeId: 11, speed: 'local', vendorLocId: 101 })).toBe('out of stock');
  });
});
