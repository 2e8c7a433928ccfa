import { assert } from 'superstruct';
import { expect } from 'vitest';
import { addAddressReply } from '../../src/api/contract/address.contract.ts';
import { getSlotReply } from '../../src/api/contract/cart-page.contract.ts';
import { saveCardReply, tokenizeReply } from '../../src/api/contract/payment.contract.ts';
import { makeCart, post, type OfferPick } from './cart-page-helpers.ts';
import { signedInCustomer } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * Checkout test fixtures. The clock is pinned to Tuesday 1 December 2026, 9:00 in New York (before the 3 pm cutoff):
 * Same Day delivers today, so a cart's Same Day group takes today's 12:00–14:00 slot.
 */
export const checkoutNow = '2026-12-01T14:00:00Z';
export const today = '2026-12-01';
/** The 12:00–14:00 slot of a local shop (seed: slot ids are loc id × 100 + 1..5). */
export const noonSlot = (locId: number) => locId * 100 + 2;

export const newYorkAddress = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  street1: '350 5th Ave',
  street2: 'Floor 2',
  city: 'New York',
  state: 'NY',
  zipcode: '10001',
  nickname: 'Home',
  telephone: '2125550100',
  country: 'US',
  address_type: 'shipping',
};

export async function addAddress(t: TestApp, token: string, customerId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const { status, body } = await post(t, `/connect/customer/addaddress?customerid=${customerId}`, { ...newYorkAddress, ...fields }, token);
  expect(status).toBe(200);
  assert(body, addAddressReply);
  if (body.code !== 1 || body.address_id === undefined) throw new Error(`address not saved: ${JSON.stringify(body)}`);
  return body.address_id;
}

/** A signed-in customer with a New York shipping address (the default one). */
export async function shopper(t: TestApp, email: string): Promise<{ token: string; customerId: number; addressId: number }> {
  const me = await signedInCustomer(t, email);
  return { ...me, addressId: await addAddress(t, me.token, me.customerId) };
}

/**
 * A cart of the customer's with a date chosen for every vendor group and, for Same Day shops, a slot: the one given
 * in options.slots, else the first with a seat left (getslot), so tests do not run out of the seed's 4 seats a slot.
 */
export async function readyCart(
  t: TestApp,
  token: string,
  customerId: number,
  lines: readonly { offer: OfferPick; qty: number }[],
  dates: Readonly<Record<number, string>> = {},
  options: { slots?: Readonly<Record<number, number>> } = {},
): Promise<string> {
  const { cartId } = await makeCart(t, lines, { customerId });
  const locs = [...new Set(lines.map((l) => l.offer.locId))];
  for (const locId of locs) {
    const date = dates[locId] ?? today;
    let slotId: number | undefined;
    if (locId < 200) {
      slotId = options.slots?.[locId];
      if (slotId === undefined) {
        const slots = await post(
          t,
          '/connect/driverslot/getslot',
          { order_date: date, zipcode: '10001', vendor_loc_id: locId, cart_id: cartId },
          token,
        );
        assert(slots.body, getSlotReply);
        slotId = slots.body.data?.[0]?.slot_id;
        if (slotId === undefined) throw new Error(`no slot left at ${locId} on ${date}`);
      }
    }
    const { body } = await post(
      t,
      '/api/cart/deliveryschedule',
      { cart_id: cartId, vendor_loc_id: locId, delivery_date: date, ...(slotId === undefined ? {} : { slot_id: slotId }) },
      token,
    );
    expect(body).toMatchObject({ code: 1 });
  }
  return cartId;
}

/** Test mode's card form: the card goes to our tokenize route, a one-time token comes back. */
export async function tokenize(t: TestApp, number: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { status, body } = await post(t, '/api/payments/tokenize', {
    holder: 'Ada Lovelace',
    number,
    exp_month: 12,
    exp_year: 2030,
    cvc: '123',
    ...extra,
  });
  expect(status).toBe(200);
  assert(body, tokenizeReply);
  const token = body.data?.token;
  if (!token) throw new Error('no token');
  return token;
}

/** The add-card sequence: two tokens, a billing address, then the card. Returns our card id. */
export async function saveCard(t: TestApp, token: string, customerId: number, number = '4242424242424242'): Promise<number> {
  const billing = await addAddress(t, token, customerId, { address_type: 'billing', nickname: '' });
  const tokens = [await tokenize(t, number), await tokenize(t, number)];
  const { body } = await post(t, '/api/account/mycards', { card_token: tokens, billing_address: { billing_address_id: billing } }, token);
  assert(body, saveCardReply);
  const card = Array.isArray(body.data) ? body.data[0] : undefined;
  if (body.code !== 1 || !card) throw new Error(`card not saved: ${JSON.stringify(body)}`);
  return card.id;
}
