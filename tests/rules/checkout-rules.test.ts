import { describe, expect, it } from 'vitest';
import { isTipAllowed, isTipPercent, tipCents, tipPercents } from '../../src/rules/tips.ts';
import { stateCodeOf, usStates } from '../../src/rules/us-states.ts';
import { defaultSpeedId, needsAddress, speedDeliveryFee, speedOptionOf } from '../../src/rules/delivery-speeds.ts';
import { isPlausibleVpa, upiError } from '../../src/rules/upi.ts';

describe('driver tip', () => {
  it('offers 0, 5, 10, 15 and 20 percent with 1 Hour Delivery only', () => {
    expect(tipPercents).toEqual([0, 5, 10, 15, 20]);
    expect(isTipPercent(15)).toBe(true);
    expect(isTipPercent(12)).toBe(false);
    expect(isTipAllowed(1)).toBe(true);
    expect(isTipAllowed(10)).toBe(false);
  });

  it.each([
    [1999, 15, 300],
    [1999, 5, 100],
    [1010, 5, 51],
    [1009, 5, 50],
    [0, 20, 0],
    [12345, 0, 0],
    [12345, 20, 2469],
  ] as const)('%i cents at %i %% → %i cents', (subtotal, percent, tip) => {
    expect(tipCents(subtotal, percent)).toBe(tip);
  });
});

describe('US states and speeds', () => {
  it('lists the states, DC and the territories by code and name', () => {
    expect(usStates).toHaveLength(57);
    expect(new Set(usStates.map((s) => s.code)).size).toBe(57);
    expect(stateCodeOf('new york')).toBe('NY');
    expect(stateCodeOf('pr')).toBe('PR');
    expect(stateCodeOf('XX')).toBeUndefined();
  });

  it('defaults to 1 Hour Delivery, id 1, with the spec labels', () => {
    expect(speedOptionOf(defaultSpeedId)).toMatchObject({ name: '1 Hour Delivery', duration: '~ 1 HOUR' });
    expect(speedOptionOf(2).duration).toBe('READY IN 1 HOUR');
    expect(speedOptionOf(10).duration).toBe('2 ~ 3 DAYS');
    expect(needsAddress(2)).toBe(false);
    expect(needsAddress(1)).toBe(true);
  });

  it("shows the speed's own delivery fee (the order's, every group's) with 1 Hour Delivery only", () => {
    expect(speedDeliveryFee({ id: 1, delivery_fee: '9.98' })).toBe('9.98');
    for (const id of [2, 3, 10, 11] as const) expect(speedDeliveryFee({ id, delivery_fee: '9.99' })).toBeUndefined();
  });
});

describe('UPI ids', () => {
  it('needs 5 characters and a name@handle shape', () => {
    expect(upiError('a@b')).toBe('please provide valid UPI ID');
    expect(upiError('ada@okbank')).toBeUndefined();
    expect(isPlausibleVpa('ada.l@okbank')).toBe(true);
    expect(isPlausibleVpa('ada@')).toBe(false);
    expect(isPlausibleVpa('ada@ok bank')).toBe(false);
  });
});
