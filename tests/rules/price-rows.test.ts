import { describe, expect, it } from 'vitest';
import { speedIds } from '../../src/rules/delivery-speeds.ts';
import { cartModeRows, modeRowsOf } from '../../src/rules/price-rows.ts';

describe('the price rows a mode can have (a shopper walk: "$0.00 Delivery Fee" and "$0.00 Driver Tip" on a pick-up)', () => {
  it('keeps both for a 1 Hour Delivery, even at $0: its fee may be waived and its tip left at 0 %', () => {
    expect(modeRowsOf(speedIds.oneHour)).toEqual({ deliveryFee: true, driverTip: true });
  });

  it('has no Delivery Fee and no Driver Tip for a pick-up or a table: nobody delivers them', () => {
    expect(modeRowsOf(speedIds.storePickup)).toEqual({ deliveryFee: false, driverTip: false });
    expect(modeRowsOf(speedIds.dineIn)).toEqual({ deliveryFee: false, driverTip: false });
  });

  it('keeps a courier’s or a farm’s Delivery Fee but no Driver Tip: the spec offers a tip with speed id 1 only', () => {
    expect(modeRowsOf(speedIds.courier)).toEqual({ deliveryFee: true, driverTip: false });
    expect(modeRowsOf(speedIds.farmDirect)).toEqual({ deliveryFee: true, driverTip: false });
  });

  it('lists both for an order whose speed is not known, as it always did', () => {
    expect(modeRowsOf(undefined)).toEqual({ deliveryFee: true, driverTip: true });
  });

  it('gives the cart a Delivery Fee unless every group is collected at a restaurant (a visit, or wallet redemptions)', () => {
    expect(cartModeRows([{ type: 'local' }])).toEqual({ deliveryFee: true, driverTip: false });
    expect(cartModeRows([{ type: 'courier' }, { type: 'local', wallet: true }])).toMatchObject({ deliveryFee: true });
    expect(cartModeRows([{ type: 'pickup' }])).toMatchObject({ deliveryFee: false });
    expect(cartModeRows([{ type: 'dine-in' }, { type: 'local', wallet: true }])).toMatchObject({ deliveryFee: false });
    expect(cartModeRows([])).toMatchObject({ deliveryFee: true });
  });
});
