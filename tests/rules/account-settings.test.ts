import { describe, expect, it } from 'vitest';
import {
  capitalised,
  editValuesOf,
  orderGroupOf,
  ordersByPanel,
  panelOfGroup,
  settingTabOf,
  withDefaultAddress,
} from '../../src/rules/account-settings.ts';
import { toShippingAddress } from '../../src/rules/checkout-flow.ts';
import { address } from '../machines/checkout-fixtures.ts';

const home = toShippingAddress(address({ address_id: 1, street2: 'Floor 2', telephone: '2125550100', default_address: '1' }));
const work = toShippingAddress(address({ address_id: 2, address_nickname: 'Work' }));

const withMethod = (method: string, first = method) => ({ delivery_method: method, items: [{ delivery_method: first }] });

describe('account settings rules', () => {
  it('knows the three tab names and nothing else', () => {
    expect(['user', 'order', 'chat', 'wallet', undefined].map(settingTabOf)).toEqual(['user', 'order', 'chat', undefined, undefined]);
  });

  it("make default marks the chosen '1' and the previous '0'", () => {
    expect(withDefaultAddress([home, work], 2).map((a) => [a.id, a.defaultAddress, a.isPrimary])).toEqual([
      [1, '0', false],
      [2, '1', true],
    ]);
  });

  it('prefills the edit form from the address', () => {
    expect(editValuesOf(home)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      address: '350 5th Ave',
      address2: 'Floor 2',
      city: 'New York',
      state: 'NY',
      zip: '10001',
      addressNickname: 'Home',
      phone: '2125550100',
    });
  });

  it("relabels local delivery, driver, farm direct and courier delivery 'Local Delivery' by the first item", () => {
    expect(['Local Delivery', 'driver', 'Farm Direct', 'COURIER DELIVERY', 'Pickup', 'Dine-in'].map((m) => orderGroupOf(withMethod(m)))).toEqual([
      'Local Delivery',
      'Local Delivery',
      'Local Delivery',
      'Local Delivery',
      'Pickup',
      'Dine-in',
    ]);
    expect(orderGroupOf(withMethod('Local Delivery', 'Pickup'))).toBe('Pickup');
    expect(orderGroupOf({ delivery_method: 'Pickup', items: [] })).toBe('Pickup');
    expect(panelOfGroup('Wallet')).toBeUndefined();
  });

  it('feeds the three panels in the order given', () => {
    const orders = [withMethod('Pickup'), withMethod('Courier Delivery'), withMethod('Dine-in'), withMethod('Local Delivery'), withMethod('Bar')];
    const panels = ordersByPanel(orders);
    expect(panels.delivery).toEqual([orders[1], orders[3]]);
    expect(panels.pickup).toEqual([orders[0]]);
    expect(panels.dineIn).toEqual([orders[2]]);
  });

  it('capitalises a status', () => {
    expect(capitalised('pay on delivery')).toBe('Pay on delivery');
    expect(capitalised('')).toBe('');
  });
});
