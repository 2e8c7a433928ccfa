import { object } from 'superstruct';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, onTokenRefused, takeTokenFrom } from '../../src/api/http.ts';
import { startAppActors } from '../../src/machines/app/app-actors.ts';
import { selectToken } from '../../src/machines/app/index.ts';
import { followSessionEnd } from '../../src/machines/app/session-end.ts';
import { isSaidBySessionEnded } from '../../src/machines/app/session-ended.ts';
import { sessionStorageKey, type SessionValues } from '../../src/machines/app/session-values.ts';
import { signInAgainMessage } from '../../src/rules/sign-in-again.ts';

/**
 * Walk 5 #4: a session ended elsewhere ends in this tab too: the server's 401 'Please sign in again.' to a call sent
 * with the token, or a logout in another tab (the `storage` event). The account is forgotten, the area and age answer
 * stay, and the tab says so (sessionEnded) instead of greeting the customer while every call of theirs fails.
 */
function browser(stored: SessionValues) {
  const items = new Map<string, string>([[sessionStorageKey, JSON.stringify(stored)]]);
  const target = new EventTarget();
  const storage = () => ({ getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) });
  const { session, notifications } = startAppActors(storage);
  /** How many times the tab loaded its page again. */
  const reloads = { count: 0 };
  followSessionEnd(session, onTokenRefused, storage, Object.assign(target, { location: { reload: () => void (reloads.count += 1) } }));
  takeTokenFrom(() => selectToken(session.getSnapshot()));
  /** Another tab's write, as the browser tells this one (`stored`: what storage holds by the time it is told). */
  const otherTabWrites = (value: string, stored = value) => {
    items.set(sessionStorageKey, stored);
    target.dispatchEvent(Object.assign(new Event('storage'), { key: sessionStorageKey, newValue: value }));
  };
  return { items, session, otherTabWrites, reloads, stop: () => (session.stop(), notifications.stop()) };
}

const signedIn = { Token: 'secret', cust_name: 'Tab Twin', CustomerId: 7, cart_id: 'c1', zipcode: '10001', ageGateVerified: true };
const context = (tab: ReturnType<typeof browser>) => JSON.parse(JSON.stringify(tab.session.getSnapshot().context)) as unknown;

function answering(status: number, message: string) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 0, message }), { status }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  onTokenRefused(() => undefined);
  takeTokenFrom(() => undefined);
});

describe('a session ended elsewhere', () => {
  it("ends this tab's session when another tab logs out, and writes nothing back over that logout", () => {
    const tab = browser(signedIn);
    tab.otherTabWrites(JSON.stringify({}));
    // The area and age answer stay here, so the tab stays on its page to say so.
    expect(context(tab)).toEqual({ zipcode: '10001', ageGateVerified: true, sessionEnded: true });
    // What the logout stored stays as it is (spec: all cleared), never the old token.
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({});
    tab.stop();
  });

  it("never writes back the area, age answer or ended word it kept from another tab's logout: its later changes follow the storage (decision 086, left)", () => {
    const tab = browser({ ...signedIn, nextTab: 'card' });
    tab.otherTabWrites(JSON.stringify({}));
    // This tab goes on (its checkout back to the cart forgets its choices, the cart counts again): the tab that logged
    // out loads what is stored, so the age gate, not this tab's zip and age answer.
    tab.session.send({ type: 'session.forget', keys: ['nextTab'] });
    tab.session.send({ type: 'session.update', values: { total_products_in_cart: 0 } });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({ total_products_in_cart: 0 });
    expect(context(tab)).toMatchObject({ zipcode: '10001', ageGateVerified: true, sessionEnded: true });

    // What the tab that logged out answers again is stored as it answered, not overwritten with this tab's copies.
    tab.otherTabWrites(JSON.stringify({ ageGateVerified: true, zipcode: '10013', location: 2 }));
    tab.session.send({ type: 'session.update', values: { total_products_in_cart: 1 } });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toMatchObject({ ageGateVerified: true, zipcode: '10013', location: 2 });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).not.toHaveProperty('sessionEnded');
    tab.stop();
  });

  it('stores again what the shopper answers in this tab after its session ended elsewhere, and the whole session once signed in here', () => {
    const tab = browser(signedIn);
    tab.otherTabWrites(JSON.stringify({}));
    tab.session.send({ type: 'session.update', values: { zipcode: '10013', location: 2 } });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({ zipcode: '10013', location: 2 });
    // Signed in again here (the notice's sign-in): the session is this tab's own again, stored whole.
    tab.session.send({ type: 'session.update', values: { Token: 'newer-secret', cust_name: 'Tab Twin', CustomerId: 7, sessionEnded: undefined } });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({
      Token: 'newer-secret',
      cust_name: 'Tab Twin',
      CustomerId: 7,
      zipcode: '10013',
      location: 2,
      ageGateVerified: true,
    });
    tab.stop();
  });

  it('keeps to the storage after a 401 that came once another tab had logged out: its later changes write no zip or age answer back', async () => {
    const tab = browser(signedIn);
    tab.items.set(sessionStorageKey, JSON.stringify({}));
    answering(401, signInAgainMessage);
    await expect(call('/api/x', object({}), { body: {} })).rejects.toThrow();
    tab.session.send({ type: 'session.update', values: { total_products_in_cart: 0 } });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({ total_products_in_cart: 0 });
    tab.stop();
  });

  it('writes nothing back when it had no session to end: a logout under way elsewhere keeps what it stored', () => {
    // A tab logging out (this one, already cleared) is told of an ended tab's passing write after storage was cleared.
    const tab = browser({});
    tab.otherTabWrites(JSON.stringify({ zipcode: '10001', ageGateVerified: true, sessionEnded: true }), JSON.stringify({}));
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({});
    tab.stop();
  });

  it('keeps this tab signed in when another tab only changes what it remembers', () => {
    const tab = browser(signedIn);
    tab.otherTabWrites(JSON.stringify({ ...signedIn, total_products_in_cart: 2 }));
    expect(context(tab)).toMatchObject({ Token: 'secret', cust_name: 'Tab Twin' });
    expect(tab.session.getSnapshot().context.sessionEnded).toBeUndefined();
    tab.stop();
  });

  it('takes the Delivery Options choice another tab of the same shopper made, and writes nothing back (walk 6 #4)', () => {
    const tab = browser({ ...signedIn, shippingType: 'delivery', deliveryDate: '2026-12-01' });
    const dineIn = {
      shippingType: 'dine-in',
      couriertype: 'dine-in',
      dineinpickup: 1,
      retailer: 401,
      retailer_name: 'Gramercy Chop House',
      vendor_location_id: 401,
      dineinTime: '2026-12-01T19:00',
      nextTab: 'card',
    } as const;
    const theirs = JSON.stringify({ ...signedIn, ...dineIn, total_products_in_cart: 2 });
    tab.otherTabWrites(theirs);
    // The choice is this tab's now (the header and an open checkout read it); the checkout's own values stay its own.
    expect(context(tab)).toEqual({ ...signedIn, ...dineIn, nextTab: undefined });
    expect(tab.items.get(sessionStorageKey)).toBe(theirs);

    // A guest in both tabs follows the same way, back to Delivery at another pincode.
    const guest = browser({ zipcode: '10001', location: 1, ...dineIn });
    guest.otherTabWrites(JSON.stringify({ zipcode: '10013', location: 2, shippingType: 'delivery' }));
    expect(context(guest)).toEqual({ zipcode: '10013', location: 2, shippingType: 'delivery', nextTab: 'card' });
    tab.stop();
    guest.stop();
  });

  it('follows another customer signed in in another tab: their session taken whole and the page loaded again for them (seam b6 #2)', () => {
    const tab = browser({ ...signedIn, total_products_in_cart: 3, retailer: 4, retailer_name: 'Tab Twin Fish' });
    const theirs = { Token: 'other-secret', cust_name: 'Bea Other', CustomerId: 8, cart_id: 'c2', zipcode: '10001', ageGateVerified: true };
    tab.otherTabWrites(JSON.stringify(theirs));
    // Nothing of the former customer's stays beside the new token (her cart count, her restaurant), and no call of
    // this tab goes out for one customer while it shows the other: the page is drawn again from their session.
    expect(context(tab)).toEqual(theirs);
    expect(selectToken(tab.session.getSnapshot())).toBe('other-secret');
    expect(tab.reloads.count).toBe(1);
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual(theirs);
    tab.stop();
  });

  it('follows a sign-in in another tab after its session ended here; the same customer signed in again only takes the new token', () => {
    const ended = browser({ zipcode: '10001', ageGateVerified: true, sessionEnded: true });
    ended.otherTabWrites(JSON.stringify(signedIn));
    expect(context(ended)).toEqual(signedIn);
    expect(ended.reloads.count).toBe(1);
    ended.stop();

    const same = browser(signedIn);
    same.otherTabWrites(JSON.stringify({ ...signedIn, Token: 'newer-secret' }));
    expect(context(same)).toEqual({ ...signedIn, Token: 'newer-secret' });
    expect(same.reloads.count).toBe(0);
    same.stop();
  });

  it('leaves this tab as it is for a guest token stored by another tab', () => {
    const tab = browser(signedIn);
    tab.otherTabWrites(JSON.stringify({ Token: 'guest-token', cart_id: 'c9', zipcode: '10001' }));
    expect(context(tab)).toMatchObject({ Token: 'secret', cust_name: 'Tab Twin' });
    expect(tab.reloads.count).toBe(0);
    tab.stop();
  });

  it('ends it at the 401 "Please sign in again." to a call sent with its token: the token, name and cart forgotten', async () => {
    const tab = browser(signedIn);
    answering(401, signInAgainMessage);
    await expect(call('/connect/customer/getaddresses', object({}), { body: {} })).rejects.toThrow(signInAgainMessage);
    expect(context(tab)).toEqual({ zipcode: '10001', ageGateVerified: true, sessionEnded: true });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({ zipcode: '10001', ageGateVerified: true, sessionEnded: true });
    tab.stop();
  });

  it('saves nothing at a 401 once another tab has logged out: what the logout stored stays (the tab logging out loads it)', async () => {
    const tab = browser(signedIn);
    // The other tab's logout cleared the storage; its event has not reached this tab when the 401 comes.
    tab.items.set(sessionStorageKey, JSON.stringify({}));
    answering(401, signInAgainMessage);
    await expect(call('/api/x', object({}), { body: {} })).rejects.toThrow();
    expect(context(tab)).toEqual({ zipcode: '10001', ageGateVerified: true, sessionEnded: true });
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual({});
    tab.stop();
  });

  it('leaves the session it follows now for a 401 to a call sent with the former token (seam b6 #2)', async () => {
    const tab = browser(signedIn);
    const theirs = { Token: 'other-secret', cust_name: 'Bea Other', CustomerId: 8, zipcode: '10001' };
    // The call goes out with the former token; another customer signs in in another tab before its answer.
    vi.stubGlobal('fetch', async () => {
      tab.otherTabWrites(JSON.stringify(theirs));
      return new Response(JSON.stringify({ code: 0, message: signInAgainMessage }), { status: 401 });
    });
    await expect(call('/api/x', object({}), { body: {} })).rejects.toThrow(signInAgainMessage);
    expect(context(tab)).toEqual(theirs);
    expect(JSON.parse(tab.items.get(sessionStorageKey) ?? 'null')).toEqual(theirs);
    tab.stop();
  });

  it("leaves the session for another 401's words (a dead reset link), for other refusals, and a guest's token alone", async () => {
    const tab = browser(signedIn);
    answering(401, 'This reset link is no longer valid.');
    await expect(call('/api/x', object({}), { body: {} })).rejects.toThrow();
    answering(403, signInAgainMessage);
    await expect(call('/api/x', object({}), { body: {} })).rejects.toThrow();
    expect(context(tab)).toMatchObject({ Token: 'secret', cust_name: 'Tab Twin' });
    tab.stop();

    const guest = browser({ Token: 'guest-token', cart_id: 'c1', zipcode: '10001' });
    answering(401, signInAgainMessage);
    await expect(call('/api/x', object({}), { body: {} })).rejects.toThrow();
    expect(context(guest)).toEqual({ Token: 'guest-token', cart_id: 'c1', zipcode: '10001' });
    guest.stop();
  });
});

describe('one message for an ended session (seam b6 #1)', () => {
  it("leaves the 401's 'Please sign in again.' to the notice while it shows, and nothing else", () => {
    const ended = { zipcode: '10001', sessionEnded: true };
    expect(isSaidBySessionEnded(signInAgainMessage, ended)).toBe(true);
    expect(isSaidBySessionEnded('Something Went Wrong.', ended)).toBe(false);
    // Signed in again (the word is kept until a logout), or never ended (a guest's token refused): no notice, so the
    // call's own words are the message.
    expect(isSaidBySessionEnded(signInAgainMessage, { ...ended, ...signedIn })).toBe(false);
    expect(isSaidBySessionEnded(signInAgainMessage, { Token: 'guest-token', zipcode: '10001' })).toBe(false);
  });
});
