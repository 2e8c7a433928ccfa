// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ShippingReply, SpeedOption } from '../../src/api/contract/shipping.contract.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { checkoutSpeedMachine } from '../../src/machines/checkout/checkout-speed.machine.ts';
import { SpeedChoices } from '../../src/views/checkout/speed-step.tsx';
import { retailerA, retailerB } from '../machines/checkout-fixtures.ts';

afterEach(cleanup);

/** The speed tab with the server's answer for a cart of two sellers (decision 082 left it naming one). */
function renderSpeedTab(speeds: SpeedOption[]) {
  const reply: ShippingReply = { code: 1, data: { speed: speeds } };
  const machine = checkoutSpeedMachine.provide({ actors: { shippingOptions: fromPromise(async () => reply) } });
  const session = createActor(sessionMachine, { input: { cart_id: 'cart-abc', zipcode: '60601' } }).start();
  const actor = createActor(machine, { input: { session, cartId: 'cart-abc', deliveryAddressId: undefined } }).start();
  render(<SpeedChoices actor={actor} />);
  return actor;
}

const fish = { ...retailerB, address: '5 Pier 59, New York, NY 10011', distance: 2.5 };
const option = (id: 1 | 2, name: string): SpeedOption => ({
  id,
  name,
  description: '',
  duration: '',
  retailers: [retailerA, fish],
  ship_methods: [],
  isPrimary: id === 1,
  delivery_fee: '11.98',
});

describe("the speed tab names each seller a delivery covers (a two-seller cart's tab named one)", () => {
  it('1 Hour Delivery lists both shops under Select Retailer, each with its address', async () => {
    renderSpeedTab([option(1, '1 Hour Delivery')]);
    const list = await screen.findByRole('list', { name: 'Select Retailer' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hudson Street Butchers (1.2 mi) · 10 Hudson St', 'Chelsea Fish (2.5 mi) · 5 Pier 59, New York, NY 10011']);
    // Nothing to pick: a delivery brings both sellers' lines.
    expect(screen.queryByRole('combobox', { name: 'Select Retailer' })).toBeNull();
  });

  it('Store Pickup still lets the shopper pick the shop, and names the one picked', async () => {
    renderSpeedTab([option(2, 'Store Pickup')]);
    expect((await screen.findByRole('combobox', { name: 'Select Retailer' })).textContent).toContain('Hudson Street Butchers (1.2 mi)');
    expect(screen.queryByRole('list', { name: 'Select Retailer' })).toBeNull();
    expect(screen.getByText('Address').nextElementSibling?.textContent).toBe('10 Hudson St');
  });
});
