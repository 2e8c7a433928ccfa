import type { Page } from '@playwright/test';
import { create } from 'superstruct';
import { addToCartReply } from '../../../src/api/contract/add-to-cart.contract.ts';
import { clearCartReply } from '../../../src/api/contract/cart.contract.ts';
import { listingReply } from '../../../src/api/contract/catalogue.contract.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { areaOf, postJson, registerThroughApi, uniqueEmail } from '../stored-session.ts';

/** Shared prefixes of the generated journeys, set up through the API (faster than the forms, which journeys test). */

export { areaOf, baseUrl, openWithSession, postJson, solvedCaptcha } from '../stored-session.ts';

export interface Customer {
  email: string;
  password: string;
  session: SessionValues;
}

/** A new customer registered through the API, shopping at 10001 (with no cart in her session: the journeys add one). */
export async function newCustomer(prefix: string): Promise<Customer> {
  const email = uniqueEmail(prefix);
  const password = 'correct horse 1';
  const registered = await registerThroughApi({ firstName: 'Ada', lastName: 'Lovelace', email, password }, await areaOf('10001'));
  const { cart_id: _cart, ...session } = registered;
  return { email, password, session: { ...session, total_products_in_cart: 0 } };
}

/** Where a line is bought: Same Day in the area, or at a partner restaurant for a visit (Delivery Options' Dine-In). */
export type Buying = { speed: 'local' } | { speed: 'farm-direct' } | { speed: 'dine-in' | 'pickup'; restaurant: number };

/** The first size of the product named `name` (found by searching `query`) sold at `speed` in the session's area. */
export async function firstSizeOf(
  session: SessionValues,
  query: string,
  name: string,
  speed: Buying['speed'],
): Promise<{ id: number; bottle_size: number }> {
  const { zipcode, location } = session;
  if (!zipcode || location === undefined) throw new Error('the session has no area');
  const listing = create(
    await postJson(`/connect/index/search?q=${encodeURIComponent(query)}&zipcode=${zipcode}&loc_id=${location}&courier_type=${speed}`, { q: query }),
    listingReply,
  );
  const size = listing.data?.products.find((product) => product.name === name)?.child[0];
  if (!size) throw new Error(`no '${name}' found for '${query}' at ${speed}`);
  return size;
}

/** Adds one of the first size of the product named `name` (found by searching `query`), Same Day unless `buying` says, through the API. */
export async function addToCartThroughApi(
  session: SessionValues,
  query: string,
  name: string,
  buying: Buying = { speed: 'local' },
): Promise<SessionValues> {
  const size = await firstSizeOf(session, query, name, buying.speed);
  const [added] = create(
    await postJson(
      '/api/cart/addtocart',
      {
        product_id: size.id,
        qty: 1,
        cart_id: session.cart_id,
        zipcode: session.zipcode,
        loc_id: session.location,
        speed_id: buying.speed,
        ...('restaurant' in buying ? { vendor_loc_id: buying.restaurant } : {}),
      },
      session.Token,
    ),
    addToCartReply,
  );
  if (added?.code !== 1 || !added.cart_id) throw new Error(`add to cart refused: ${added?.message}`);
  return { ...session, cart_id: added.cart_id, total_products_in_cart: added.total_products_in_cart };
}

/** Clears the session's cart through the API, as ordering it in another tab would: the server then calls it closed. */
export async function clearThroughApi(session: Pick<SessionValues, 'Token' | 'CustomerId' | 'cart_id'>): Promise<void> {
  const { cart_id: cartId, CustomerId: customerId, Token: token } = session;
  if (!cartId || customerId === undefined) throw new Error('the session has no cart');
  const reply = create(await postJson(`/api/cart/clearCart?quote_id=${cartId}&cus_id=${customerId}`, {}, token), clearCartReply);
  if (reply.code !== 1) throw new Error(`clear cart refused: ${JSON.stringify(reply)}`);
}

/** A request that fails once, as when the connection drops: the browser's way to get an xstate.error.actor.* reply. */
export function failingOnce(urlPart: string) {
  return async ({ page }: { page: Page }) =>
    page.route(
      (url) => url.pathname.includes(urlPart),
      (route) => route.abort('internetdisconnected'),
      { times: 1 },
    );
}

/** A server's reply the page shows by itself: nothing to do but look (the state's mapping waits for it). */
export const nothingToDo = async (): Promise<void> => undefined;

/** Adds one Next Day (courier) line, sold in every served area: the first steak the courier carries (not the ribeye). */
export async function addCourierLine(session: SessionValues): Promise<{ session: SessionValues; name: string }> {
  const listing = create(
    await postJson(`/connect/index/search?q=steak&zipcode=${session.zipcode}&loc_id=${session.location}`, { q: 'steak' }),
    listingReply,
  );
  for (const product of listing.data?.products ?? []) {
    const size = product.child[0];
    if (!size || product.name === 'USDA Prime Ribeye Steak') continue;
    const [added] = create(
      await postJson(
        '/api/cart/addtocart',
        {
          product_id: size.id,
          qty: 1,
          cart_id: session.cart_id,
          zipcode: session.zipcode,
          loc_id: session.location,
          speed_id: 'courier',
        },
        session.Token,
      ),
      addToCartReply,
    );
    if (added?.code === 1 && added.cart_id) {
      return { session: { ...session, cart_id: added.cart_id, total_products_in_cart: added.total_products_in_cart }, name: product.name };
    }
  }
  throw new Error('no steak the courier carries');
}
