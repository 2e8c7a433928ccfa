import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { getListing } from '../../src/api/listing.api.ts';
import { getHomepage } from '../../src/api/home.api.ts';
import { onRestaurantRefused } from '../../src/api/http.ts';
import { notificationsMachine } from '../../src/machines/app/notifications.machine.ts';
import { forgetRefusedVisit } from '../../src/machines/area-cookie/refused-visit.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { listingRequest, parseListingQuery } from '../../src/rules/listing-query.ts';
import { restaurantNotServedRefusal } from '../../src/rules/messages.ts';
import { visitNoLongerOfferedMessage } from '../../src/rules/refused-visit.ts';
import { shopperArea } from '../../src/rules/shopper-area.ts';

/**
 * A chosen restaurant the server refuses (a 400 naming vendor_location_id: it no longer sells the visit in the
 * shopper's area) is forgotten with the rest of the Delivery Options choice, once, and said in the snackbar: the
 * catalogue's next requests no longer carry it, so the page recovers on Delivery instead of failing again.
 */
const pickUp = {
  zipcode: '10001',
  location: 101,
  couriertype: 'pickup',
  shippingType: 'pick-up',
  pickup: 1,
  retailer: 402,
  retailer_name: 'Hudson Prime Steakhouse',
  vendor_location_id: 402,
  dineinTime: '2026-12-01 19:00',
} as const;

function start() {
  const session = createActor(sessionMachine, { input: { ...pickUp, cart_id: 'cart-1' } }).start();
  const notifications = createActor(notificationsMachine).start();
  onRestaurantRefused(forgetRefusedVisit(session, notifications));
  return { session, notifications };
}

/** The server refuses every restaurant; records what each call sent. */
function refuseRestaurants(): string[] {
  const sent: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    sent.push(`${url} ${typeof init?.body === 'string' ? init.body : ''}`);
    const refused = url.includes('vendor_location_id=') || (typeof init?.body === 'string' && init.body.includes('vendor_location_id'));
    if (!refused) return new Response(JSON.stringify({ code: -1, message: 'No product available' }), { status: 200 });
    const message = restaurantNotServedRefusal('Pick-Up');
    return new Response(JSON.stringify({ code: 0, message: `vendor_location_id: ${message}`, errors: [{ field: 'vendor_location_id', message }] }), {
      status: 400,
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  onRestaurantRefused(() => undefined);
});

describe('a refused restaurant choice', () => {
  it('is forgotten with the visit and told once, however many reads were refused; the next reads ask without it', async () => {
    const { session, notifications } = start();
    const sent = refuseRestaurants();
    const area = shopperArea(session.getSnapshot().context);
    if (!area) throw new Error('no area');
    const reads = [getHomepage(area), getListing(listingRequest(parseListingQuery(''), area, 1002))];
    const outcomes = await Promise.allSettled(reads);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);

    const values = session.getSnapshot().context;
    // The cart and the area stay; the visit goes, so the catalogue is Delivery's.
    expect(values).toMatchObject({ zipcode: '10001', location: 101, cart_id: 'cart-1' });
    for (const key of ['couriertype', 'shippingType', 'pickup', 'retailer', 'retailer_name', 'vendor_location_id', 'dineinTime'] as const) {
      expect(values[key], key).toBeUndefined();
    }
    expect(notifications.getSnapshot().context.snackbar?.message).toBe(visitNoLongerOfferedMessage('Pick-Up', 'Hudson Prime Steakhouse'));
    // One snackbar (ids count from 1), not one per refused read.
    expect(notifications.getSnapshot().context.nextId).toBe(2);

    const after = shopperArea(values);
    if (!after) throw new Error('no area');
    await getHomepage(after);
    expect(sent.at(-1)).not.toContain('vendor_location_id');
  });

  it("ignores a refusal of a restaurant the shopper has since left, and other fields' 400s", async () => {
    const { session, notifications } = start();
    refuseRestaurants();
    const area = shopperArea(session.getSnapshot().context);
    if (!area) throw new Error('no area');
    // Asked for Gramercy before the shopper chose Hudson Prime: its refusal does not drop Hudson Prime.
    await expect(getHomepage({ ...area, vendor_location_id: 401 })).rejects.toThrow();
    expect(session.getSnapshot().context.retailer).toBe(402);
    vi.stubGlobal(
      'fetch',
      async () => new Response(JSON.stringify({ code: 0, message: 'loc_id: bad', errors: [{ field: 'loc_id', message: 'bad' }] }), { status: 400 }),
    );
    await expect(getHomepage(area)).rejects.toThrow();
    expect(session.getSnapshot().context.retailer).toBe(402);
    expect(notifications.getSnapshot().context.snackbar).toBeUndefined();
  });

  it('is forgotten even when refused before the listener was loaded (it comes after the first render)', async () => {
    // A fresh client, as main.tsx has it before its lazily loaded listener arrives.
    vi.resetModules();
    const http = await import('../../src/api/http.ts');
    const home = await import('../../src/api/home.api.ts');
    const session = createActor(sessionMachine, { input: { ...pickUp } }).start();
    const notifications = createActor(notificationsMachine).start();
    refuseRestaurants();
    const area = shopperArea(session.getSnapshot().context);
    if (!area) throw new Error('no area');
    await expect(home.getHomepage(area)).rejects.toThrow();
    expect(session.getSnapshot().context.retailer).toBe(402);
    http.onRestaurantRefused(forgetRefusedVisit(session, notifications));
    expect(session.getSnapshot().context.retailer).toBeUndefined();
    expect(notifications.getSnapshot().context.snackbar?.message).toBe(visitNoLongerOfferedMessage('Pick-Up', 'Hudson Prime Steakhouse'));
  });
});
