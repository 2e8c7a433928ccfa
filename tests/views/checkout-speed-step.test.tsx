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

/** The speed tab with the server's answer: its machine with a stand-in for /api/shipping. */
function renderSpeedTab(speed: SpeedOption) {
  const reply: ShippingReply = { code: 1, data: { speed: [speed] } };
  const machine = checkoutSpeedMachine.provide({ actors: { shippingOptions: fromPromise(async () => reply) } });
  const session = createActor(sessionMachine, { input: { cart_id: 'cart-abc', zipcode: '60601' } }).start();
  const actor = createActor(machine, { input: { session, cartId: 'cart-abc', deliveryAddressId: undefined } }).start();
  render(<SpeedChoices actor={actor} />);
}

const oneHour = (fee: string, retailers: SpeedOption['retailers']): SpeedOption => ({
  id: 1,
  name: '1 Hour Delivery',
  description: '',
  duration: '~ 1 HOUR',
  retailers,
  ship_methods: [],
  isPrimary: true,
  delivery_fee: fee,
});

async function deliveryFees(): Promise<string | null> {
  const term = await screen.findByText('Delivery Fees');
  return term.nextElementSibling?.textContent ?? null;
}

describe("the speed tab's Delivery Fees (walk: it showed one seller's $4.99)", () => {
  it("shows the Same Day shop's fee as the hour's and the farm's under its own method (QA walk: $17.98 as the hour's)", async () => {
    // The server's figure for the speed sums its own groups; the farm group ships on its own, at its method's fee.
    const farm: SpeedOption['ship_methods'][number] = {
      id: 'farm-direct-301',
      method: 'Farm Direct (Green Pastures Farm)',
      amount: '12.99',
      fee: '12.99',
      delivery_date: '2026-12-04',
      pickup_date: null,
      dropoff_eta: null,
      duration: '',
      type: 'farm-direct',
      vendor_loc_id: 301,
      isPrimary: true,
    };
    renderSpeedTab({ ...oneHour('4.99', [{ ...retailerA, delivery_fee: '4.99' }]), ship_methods: [farm] });
    expect(await deliveryFees()).toBe('$4.99');
    expect(screen.getByText('Farm Direct (Green Pastures Farm)', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$12.99');
    expect(within(screen.getByRole('region', { name: 'Choose Delivery Slots' })).queryByText('$17.98')).toBeNull();
  });

  it("adds two Same Day shops' fees, as the summary charges them", async () => {
    renderSpeedTab(
      oneHour('9.98', [
        { ...retailerA, delivery_fee: '4.99' },
        { ...retailerB, delivery_fee: '4.99' },
      ]),
    );
    expect(await deliveryFees()).toBe('$9.98');
  });
});
