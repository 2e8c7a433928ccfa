import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CartData, CartReply, ShowCartBody } from '../../src/api/contract/cart-page.contract.ts';
import { ApiError, type Sent } from '../../src/api/http.ts';
import { cartCouponMachine } from '../../src/machines/cart/cart-coupon.machine.ts';
import { cartLinesMachine } from '../../src/machines/cart/cart-lines.machine.ts';
import { cartMachine } from '../../src/machines/cart/cart.machine.ts';
import type { CartContext } from '../../src/machines/cart/cart.setup.ts';
import { deliveryGroupMachine } from '../../src/machines/cart/delivery-group.machine.ts';
import { selectKeptLines, selectKeptRemoving } from '../../src/machines/cart/index.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { applyPending, cartStockMessage, checkoutHint } from '../../src/rules/cart-checkout.ts';
import { keptChoicesKey, type CheckoutStorage } from '../../src/machines/checkout/checkout-kept.ts';
import { cartOrderedMessage } from '../../src/rules/messages.ts';
import { signInAgainMessage } from '../../src/rules/sign-in-again.ts';
import { endSession } from '../../src/machines/app/session-end.ts';
import { baseCart, calendarReply, cart, chicken, group, line, ok, ribeye, salmon, scheduledCart, slotMorning, slotsReply } from './cart-fixtures.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const offline = new ApiError('You are not connected to internet', 500, 0);
/** A cart of one restaurant's table or counter lines (or wallet redemptions), its visit kept: nothing else to choose. */
function visitCart(type: 'dine-in' | 'pickup', wallet = false): CartData {
  const at = { vendor_id: 12, vendor_name: 'Gramercy Chop House', vendor_loc_id: 401 };
  const oysters = line({ cart_rid: 9, name: 'Oysters', type, speed_id: type, ...at, ...(wallet ? { wallet } : {}) });
  return cart([oysters], {
    delivery_groups: [group({ ...at, type, delivery_date: '2030-06-04', dinein_time: '2030-06-04 19:00', ...(wallet ? { wallet } : {}) })],
  });
}
const moreRibeye = cart([{ ...ribeye, qty: 3, row_total: '60.00' }, chicken, salmon], { subtotal: '98.50', grandtotal: '114.00' });
const withoutSalmon = cart([ribeye, chicken]);
const stockRefusal: CartReply = { code: -1, message: 'Only 2 left in stock.', data: baseCart };
const couponed = { ...baseCart, coupon_code: 'WELCOME10', discount: '7.85', grandtotal: '86.15' };

const change = (cartRid: number, qty: number) => ({ type: 'cart.quantity.change' as const, cartRid, qty });
const refresh = { type: 'cart.refresh' as const };
const remove = (cartRid: number) => ({ type: 'cart.line.remove' as const, cartRid });

function region(snapshot: AnyMachineSnapshot, name: string): unknown {
  const value = snapshot.value;
  if (typeof value !== 'object' || value === null || !('ready' in value)) return undefined;
  const ready: unknown = value.ready;
  return typeof ready === 'object' && ready !== null && name in ready ? (ready as Record<string, unknown>)[name] : undefined;
}

/** Short names for the path tests: replies are named by what they mean, not by their whole JSON. */
const { label } = labelled();

const loaded = label('showCart: cart', done('showCart', ok(baseCart)));
const loadedAllKept = label(
  'showCart: no items, lines kept for 10001',
  done(
    'showCart',
    ok({
      ...cart([]),
      total_items_count: 0,
      kept_lines: [{ kept_id: 5, zipcode: '10001', name: 'Ground Beef 80/20', size: '1 lb', qty: 2, expires_at: '2030-06-10T14:00:00.000Z' }],
    }),
  ),
);
const loadedNoCart = label('showCart: no open cart', done('showCart', { code: -1, message: 'Your cart is empty.' }));
const loadedNotFound = label('showCart: 404', failed('showCart', new ApiError('Cart not found', 404, 404)));
const loadFailed = label('showCart: offline', failed('showCart'));
/** The server no longer knows the token: http.ts has ended the session before the call fails (walk 8 #2). */
const loadedSessionEnded = label("showCart: 401 'Please sign in again.'", failed('showCart', new ApiError(signInAgainMessage, 401, 401)));
/** Ordered in another tab: showcart names the shopper's cart of now. */
const orderedReply: CartReply = { code: -1, message: cartOrderedMessage, current_cart: { cart_id: 'cart-next', total_items_count: 2 } };
const loadedOrdered = label('showCart: ordered in another tab', done('showCart', orderedReply));
/** A signed-in browser holding no cart asks for the account's: it has one (filled in another browser), or none. */
const accountCartReply: CartReply = { code: -1, current_cart: { cart_id: 'cart-next', total_items_count: 2 } };
const loadedAccountCart = label("showCart: the account's cart", done('showCart', accountCartReply));
const loadedAccountNone = label(
  'showCart: the account has no cart',
  done('showCart', { code: -1, current_cart: { cart_id: '', total_items_count: 0 } }),
);
const reread = label('showCart again: cart', done('showCart', ok(baseCart)));
const rereadEmpty = label('showCart again: no items', done('showCart', { code: -1, message: 'Your cart is empty.' }));
const rereadFailed = label('showCart again: offline', failed('showCart'));
const calendarLoaded = label('nextDeliveryDates: dates', done('nextDeliveryDates', calendarReply));
const calendarRefused = label('nextDeliveryDates: status 0', done('nextDeliveryDates', { status: 0, response: [] }));
const calendarFailed = label('nextDeliveryDates: offline', failed('nextDeliveryDates'));
// The children's reports (the children themselves have their own path tests).
const linesSaved = label('lines.saved: salmon gone', { type: 'lines.saved', reply: ok(withoutSalmon) });
const linesRefused = label('lines.refused: stock', { type: 'lines.refused', reply: stockRefusal });
const linesFailed = label('lines.failed: offline', { type: 'lines.failed', message: offline.message });
const couponSaved = label('coupon.saved: WELCOME10 on', { type: 'coupon.saved', reply: ok(couponed, 'Coupon WELCOME10 applied.') });
const couponFailed = label('coupon.failed: offline', { type: 'coupon.failed', message: offline.message });
const groupsScheduled = label('group.saved: all scheduled', { type: 'group.saved', reply: ok(scheduledCart) });
const minuteTick = label('a minute passes', { type: 'xstate.after.minuteTick.cart.ready.clock.ticking' });
const groupFailed = label('group.failed: slot taken', { type: 'group.failed', message: 'That slot was just booked.' });
const keptRemoved = label('removeKept: gone', done('removeKept', ok(baseCart)));
const keptRemoveFailed = label('removeKept: offline', failed('removeKept'));
const lastKeptRemoved = label('removeKept: none left', done('removeKept', ok({ ...cart([]), total_items_count: 0, kept_lines: [] })));

function isScheduled(c: CartContext): boolean {
  return (c.cart?.delivery_groups ?? []).every((g) => g.delivery_date !== null);
}

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as CartContext;
  if (snapshot.matches('loading')) return [loaded, loadedAllKept, loadedNoCart, loadedNotFound, loadFailed, loadedOrdered];
  if (snapshot.matches('failed')) return [{ type: 'cart.retry' }];
  if (snapshot.matches({ empty: 'removing' })) return [lastKeptRemoved, keptRemoveFailed];
  if (snapshot.matches('empty'))
    return c.cart?.kept_lines?.length ? [{ type: 'cart.shop' }, { type: 'cart.kept.remove', keptId: 5 }, refresh] : [{ type: 'cart.shop' }, refresh];
  // A save reported while the tab's read is on its way sends the read again (a save answered after it).
  if (region(snapshot, 'freshness') === 'reading')
    return [reread, rereadEmpty, rereadFailed, loadedOrdered, linesSaved, linesRefused, couponSaved, groupsScheduled];
  // One region at a time keeps the graph small; together the paths still take every transition.
  const calendar = region(snapshot, 'calendar');
  if (calendar === 'loading') return [calendarLoaded, calendarRefused, calendarFailed];
  if (calendar === 'failed') return [{ type: 'cart.calendar.retry' }];
  if (region(snapshot, 'kept') === 'removing') return [keptRemoved, keptRemoveFailed];
  if (isScheduled(c)) return [{ type: 'cart.checkout' }];
  return [
    change(1, 3),
    remove(3),
    { type: 'cart.coupon.change', code: 'WELCOME10' },
    { type: 'cart.coupon.apply' },
    { type: 'cart.coupon.remove' },
    { type: 'cart.checkout' },
    linesSaved,
    linesRefused,
    linesFailed,
    { type: 'lines.emptied' },
    couponSaved,
    couponFailed,
    { type: 'coupon.emptied' },
    groupsScheduled,
    groupFailed,
    minuteTick,
    { type: 'cart.kept.remove', keptId: 5 },
    refresh,
  ];
}

/** A signed-in browser holding no cart: it asks for the account's cart, on opening and when the tab is back. */
function accountEventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loadedAccountCart, loadedAccountNone, loadFailed];
  if (snapshot.matches('failed')) return [{ type: 'cart.retry' }];
  if (snapshot.matches('empty')) return [refresh];
  return [];
}

/** A session the server's 401 ended while the cart loaded: the session-ended notice says so, and nothing else. */
function endedEventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loadedSessionEnded, loadFailed];
  if (snapshot.matches('failed')) return [{ type: 'cart.retry' }];
  return [];
}

/** A Dine-In customer's cart of a table: the cart's lines are for the chosen option (walk 8 #3). */
const loadedTable = label('showCart: a Dine-In table', done('showCart', ok(visitCart('dine-in'))));
function dineInEventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loadedTable];
  if (region(snapshot, 'calendar') === 'loading') return [calendarLoaded];
  if (snapshot.matches('ready')) return [{ type: 'cart.checkout' }];
  return [];
}

/** Guests and dine-in customers differ only at CHECKOUT: their paths go straight there. */
function checkoutEventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded];
  if (region(snapshot, 'calendar') === 'loading') return [calendarLoaded];
  if (snapshot.matches('ready')) return [{ type: 'cart.checkout' }, groupsScheduled];
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CartContext;
  const cartKey = c.cart
    ? [c.cart.result.map((l) => `${l.cart_rid}x${l.qty}`).join(','), c.cart.coupon_code, isScheduled(c), c.cart.kept_lines?.length ?? 0]
    : null;
  return JSON.stringify([snapshot.value, cartKey, Object.keys(c.problems)]);
};

const sessions: { name: string; stored: SessionValues; events: (snapshot: AnyMachineSnapshot) => AnyEventObject[] }[] = [
  { name: 'no cart', stored: { zipcode: '10001' }, events: eventsFor },
  { name: 'customer', stored: { zipcode: '10001', cart_id: 'cart-abc', Token: 'token', cust_name: 'Ada' }, events: eventsFor },
  { name: 'customer, no cart in this browser', stored: { zipcode: '10001', Token: 'token', cust_name: 'Ada' }, events: accountEventsFor },
  { name: 'customer whose session ended', stored: { zipcode: '10001', cart_id: 'cart-abc', sessionEnded: true }, events: endedEventsFor },
  { name: 'guest', stored: { zipcode: '10001', cart_id: 'cart-abc' }, events: checkoutEventsFor },
  { name: 'dine-in customer', stored: { zipcode: '10001', cart_id: 'cart-abc', Token: 'token', shippingType: 'dine-in' }, events: dineInEventsFor },
];

const fixedNow = () => new Date('2030-06-03T14:00:00Z');

describe('cart paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const who of sessions) {
    const input = () => ({ session: createActor(sessionMachine, { input: who.stored }).start(), now: fixedNow });
    const plans = planPaths(cartMachine, { input: input(), events: who.events, serializeState });
    describe(who.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const args = input();
        const result = replay(cartMachine, plan, args);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        // The header badge always equals the server's count.
        const shown = (result.snapshot.context as CartContext).cart;
        const badge = args.session.getSnapshot().context.total_products_in_cart;
        if (result.snapshot.matches('empty')) expect(badge).toBe(0);
        // Ordered in another tab: the badge and the session's cart are the cart of now's.
        else if (result.snapshot.matches('ordered'))
          expect(args.session.getSnapshot().context).toMatchObject({ cart_id: 'cart-next', total_products_in_cart: 2 });
        else if (shown) expect(badge).toBe(shown.total_items_count);
        if (result.snapshot.matches({ ready: { checkout: 'leaving' } })) expect(isScheduled(result.snapshot.context)).toBe(true);
      });
    });
  }

  it(coverageTitle(cartMachine), () => {
    expect([...allStateIds(cartMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(cartMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

interface Stubs {
  /** `server`: the cart the server holds when the request is sent. */
  show?: (input: { coupon_code?: string; remove_coupon?: number }, server: CartData) => Promise<CartReply>;
  update?: (input: { cart_rid: number; qty: number }) => Promise<CartReply>;
  remove?: (input: { cart_rid: number }) => Promise<CartReply>;
  save?: (input: { vendor_loc_id: number; delivery_date: string; slot_id?: number | null }) => Promise<CartReply>;
  kept?: (input: { kept_id: number }) => Promise<CartReply>;
  /** The tab's storage of the checkout's kept choices. */
  checkoutStorage?: CheckoutStorage;
}

function start(stored: SessionValues, stubs: Stubs = {}, first: CartData = baseCart) {
  const session = createActor(sessionMachine, { input: stored }).start();
  const calls = {
    show: [] as unknown[],
    update: [] as { cart_rid: number; qty: number }[],
    remove: [] as { cart_rid: number }[],
    save: [] as unknown[],
    kept: [] as number[],
  };
  const spies = { goToAddress: vi.fn(), goToCard: vi.fn(), goToGuestRegister: vi.fn(), goToStore: vi.fn(), notifyRefusal: vi.fn() };
  let server = first;
  // The page's load and the coupon box both ask showcart.
  const showCart = fromPromise<CartReply, Sent<ShowCartBody>>(async ({ input }) => {
    calls.show.push(input);
    return stubs.show ? stubs.show(input, server) : ok(server);
  });
  const lines = cartLinesMachine.provide({
    actors: {
      updateItem: fromPromise(async ({ input }) => {
        calls.update.push({ cart_rid: input.cart_rid, qty: input.qty });
        if (stubs.update) return stubs.update(input);
        server = { ...server, result: server.result.map((l) => (l.cart_rid === input.cart_rid ? { ...l, qty: input.qty } : l)) };
        server = { ...server, total_items_count: server.result.reduce((n, l) => n + l.qty, 0) };
        return ok(server);
      }),
      deleteItem: fromPromise(async ({ input }) => {
        calls.remove.push({ cart_rid: input.cart_rid });
        if (stubs.remove) return stubs.remove(input);
        server = cart(server.result.filter((l) => l.cart_rid !== input.cart_rid));
        return ok(server);
      }),
    },
  });
  const machine = cartMachine.provide({
    actors: {
      showCart,
      cartLines: lines,
      cartCoupon: cartCouponMachine.provide({ actors: { showCart } }),
      nextDeliveryDates: fromPromise(async () => calendarReply),
      removeKept: fromPromise(async ({ input }) => {
        calls.kept.push(input.kept_id);
        if (stubs.kept) return stubs.kept(input);
        server = { ...server, kept_lines: (server.kept_lines ?? []).filter((k) => k.kept_id !== input.kept_id) };
        return ok(server);
      }),
      deliveryGroup: deliveryGroupMachine.provide({
        actors: {
          loadSlots: fromPromise(async () => slotsReply),
          saveSchedule: fromPromise(async ({ input }) => {
            calls.save.push(input);
            if (stubs.save) return stubs.save(input);
            server = {
              ...server,
              delivery_groups: server.delivery_groups.map((g) =>
                g.vendor_loc_id === input.vendor_loc_id
                  ? { ...g, delivery_date: input.delivery_date, timeslot: input.slot_id ? slotMorning : null }
                  : g,
              ),
            };
            return ok(server);
          }),
        },
      }),
    },
    actions: spies,
  });
  const actor = createActor(machine, { input: { session, now: fixedNow, checkoutStorage: stubs.checkoutStorage } }).start();
  /** The line queue and the coupon box, the cart's children. */
  const queue = () => actor.getSnapshot().context.lines.getSnapshot();
  const coupon = () => actor.getSnapshot().context.coupon.getSnapshot();
  const linesAre = (state: 'idle' | 'debouncing' | 'updating') => actor.getSnapshot().matches('ready') && queue().matches(state);
  const shownQty = (cartRid: number) => {
    const c = actor.getSnapshot().context;
    return applyPending(c.cart?.result ?? [], queue().context.pending).find((l) => l.cart_rid === cartRid)?.qty;
  };
  return { actor, session, calls, spies, shownQty, queue, coupon, linesAre };
}

const customer: SessionValues = { zipcode: '10001', cart_id: 'cart-abc', Token: 'token', cust_name: 'Ada' };

async function ready(t: ReturnType<typeof start>) {
  await vi.waitFor(() => expect(t.actor.getSnapshot().matches({ ready: { calendar: 'loaded' } })).toBe(true));
}

describe('cart quantities', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows each click at once and sends ONE request with the final quantity 800 ms after the last click', async () => {
    const t = start(customer);
    await ready(t);
    for (const qty of [3, 4, 5]) {
      t.actor.send(change(1, qty));
      expect(t.shownQty(1)).toBe(qty);
      vi.advanceTimersByTime(500);
    }
    vi.advanceTimersByTime(299);
    expect(t.calls.update).toEqual([]);
    vi.advanceTimersByTime(1);
    await vi.waitFor(() => expect(t.linesAre('idle')).toBe(true));
    expect(t.calls.update).toEqual([{ cart_rid: 1, qty: 5 }]);
    expect(t.queue().context.pending).toEqual({});
    expect(t.session.getSnapshot().context.total_products_in_cart).toBe(7);
  });

  it('coalesces per line: two lines changed together make one request each', async () => {
    const t = start(customer);
    await ready(t);
    t.actor.send(change(1, 3));
    t.actor.send(change(2, 2));
    t.actor.send(change(1, 4));
    await vi.advanceTimersByTimeAsync(800);
    await vi.waitFor(() => expect(t.linesAre('idle')).toBe(true));
    expect(t.calls.update).toEqual([
      { cart_rid: 1, qty: 4 },
      { cart_rid: 2, qty: 2 },
    ]);
  });

  it('a quantity set back to the server’s sends nothing', async () => {
    const t = start(customer);
    await ready(t);
    t.actor.send(change(1, 3));
    t.actor.send(change(1, 2));
    await vi.advanceTimersByTimeAsync(800);
    expect(t.calls.update).toEqual([]);
    expect(t.linesAre('idle')).toBe(true);
  });

  it('never goes below zero; zero removes the line with deleteitem', async () => {
    const t = start(customer);
    await ready(t);
    t.actor.send(change(3, -1));
    expect(t.shownQty(3)).toBe(0);
    await vi.advanceTimersByTimeAsync(800);
    await vi.waitFor(() => expect(t.calls.remove).toEqual([{ cart_rid: 3 }]));
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.cart?.result.map((l) => l.cart_rid)).toEqual([1, 2]));
    expect(t.calls.update).toEqual([]);
    // The courier group went with its only line.
    expect(Object.keys(t.actor.getSnapshot().context.groups)).toEqual(['101']);
  });

  it('a stock refusal returns the line to the server’s quantity with the server’s message', async () => {
    const t = start(customer, { update: async () => stockRefusal });
    await ready(t);
    t.actor.send(change(1, 9));
    await vi.advanceTimersByTimeAsync(800);
    await vi.waitFor(() => expect(t.spies.notifyRefusal).toHaveBeenCalledOnce());
    expect(t.shownQty(1)).toBe(2);
    expect(t.actor.getSnapshot().context.message).toBe('Only 2 left in stock.');
  });

  it('a failed request keeps the last server cart and says why', async () => {
    const t = start(customer, { update: () => Promise.reject(offline) });
    await ready(t);
    t.actor.send(change(1, 3));
    await vi.advanceTimersByTimeAsync(800);
    await vi.waitFor(() => expect(t.spies.notifyRefusal).toHaveBeenCalledOnce());
    expect(t.actor.getSnapshot().context.message).toBe('You are not connected to internet');
    expect(t.actor.getSnapshot().context.cart).toEqual(baseCart);
    expect(t.shownQty(1)).toBe(2);
  });

  it('a change made while a request is out waits its own debounce', async () => {
    let release: (reply: CartReply) => void = () => undefined;
    const t = start(customer, {
      update: (input) => (input.qty === 3 ? new Promise((resolve) => (release = resolve)) : Promise.resolve(ok(moreRibeye))),
    });
    await ready(t);
    t.actor.send(change(1, 3));
    await vi.advanceTimersByTimeAsync(800);
    expect(t.linesAre('updating')).toBe(true);
    t.actor.send(change(1, 6));
    release(ok(moreRibeye));
    await vi.waitFor(() => expect(t.linesAre('debouncing')).toBe(true));
    expect(t.shownQty(1)).toBe(6);
    await vi.advanceTimersByTimeAsync(800);
    expect(t.calls.update).toEqual([
      { cart_rid: 1, qty: 3 },
      { cart_rid: 1, qty: 6 },
    ]);
  });

  it('removing the last line shows the empty cart and a zero badge', async () => {
    const t = start(customer, {}, cart([salmon]));
    await ready(t);
    t.actor.send(remove(3));
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches('empty')).toBe(true));
    expect(t.session.getSnapshot().context.total_products_in_cart).toBe(0);
  });
});

describe('cart coupon', () => {
  it("applies a coupon and shows the server's message; code 2 carries a refusal", async () => {
    let reply: CartReply = ok(couponed, 'Coupon WELCOME10 applied.');
    const t = start(customer, { show: async (input) => (input.coupon_code || input.remove_coupon ? reply : ok(baseCart)) });
    await ready(t);
    t.actor.send({ type: 'cart.coupon.apply' });
    expect(t.coupon().context.couponMessage).toEqual({ kind: 'error', text: 'Required' });
    t.actor.send({ type: 'cart.coupon.change', code: ' WELCOME10 ' });
    t.actor.send({ type: 'cart.coupon.apply' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.cart?.coupon_code).toBe('WELCOME10'));
    expect(t.calls.show.at(-1)).toEqual({ cart_id: 'cart-abc', coupon_code: 'WELCOME10' });
    expect(t.coupon().context.couponMessage).toEqual({ kind: 'success', text: 'Coupon WELCOME10 applied.' });

    reply = ok(baseCart, 'Coupon removed.');
    t.actor.send({ type: 'cart.coupon.remove' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.cart?.coupon_code).toBeNull());
    expect(t.calls.show.at(-1)).toEqual({ cart_id: 'cart-abc', remove_coupon: 1 });

    reply = { code: 2, message: 'This coupon needs a subtotal of $30.00.', data: baseCart };
    t.actor.send({ type: 'cart.coupon.change', code: 'WELCOME10' });
    t.actor.send({ type: 'cart.coupon.apply' });
    await vi.waitFor(() => expect(t.coupon().context.couponMessage).toEqual({ kind: 'error', text: 'This coupon needs a subtotal of $30.00.' }));
  });
});

describe('cart checkout', () => {
  it("marks every missing date and slot 'Required' at once and stays", async () => {
    const t = start(customer);
    await ready(t);
    t.actor.send({ type: 'cart.checkout' });
    expect(t.actor.getSnapshot().context.problems).toEqual({ 101: { date: 'Required', slot: 'Required' }, 201: { date: 'Required' } });
    expect(t.spies.goToAddress).not.toHaveBeenCalled();
  });

  it('the problems clear as the groups get their date and slot, then CHECKOUT goes to /cart/address', async () => {
    const t = start(customer);
    await ready(t);
    t.actor.send({ type: 'cart.checkout' });
    const groups = t.actor.getSnapshot().context.groups;
    groups[201]?.send({ type: 'group.date.choose', date: '2030-06-05' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.problems).toEqual({ 101: { date: 'Required', slot: 'Required' } }));
    groups[101]?.send({ type: 'group.date.choose', date: '2030-06-04' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.problems).toEqual({ 101: { slot: 'Required' } }));
    await vi.waitFor(() => expect(groups[101]?.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    groups[101]?.send({ type: 'group.slot.choose', slotId: 7 });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.problems).toEqual({}));
    t.actor.send({ type: 'cart.checkout' });
    expect(t.spies.goToAddress).toHaveBeenCalledOnce();
    expect(t.session.getSnapshot().context.nextTab).toBe('address');
  });

  it('CHECKOUT pressed while the slot is still being saved waits for the save, then leaves', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowSave = false;
    const t = start(customer, {
      save: async (input) => {
        if (slowSave) await gate;
        const next = {
          ...scheduledCart,
          delivery_groups: scheduledCart.delivery_groups.map((g) =>
            g.vendor_loc_id === input.vendor_loc_id ? { ...g, timeslot: input.slot_id ? slotMorning : null } : g,
          ),
        };
        return ok(next);
      },
    });
    await ready(t);
    const groups = t.actor.getSnapshot().context.groups;
    groups[201]?.send({ type: 'group.date.choose', date: '2030-06-05' });
    groups[101]?.send({ type: 'group.date.choose', date: '2030-06-04' });
    await vi.waitFor(() => expect(groups[101]?.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    slowSave = true;
    groups[101]?.send({ type: 'group.slot.choose', slotId: 7 });
    t.actor.send({ type: 'cart.checkout' });
    // The click is kept, not answered with 'Required' from the cart as it was before the save.
    expect(t.actor.getSnapshot().context.problems).toEqual({});
    expect(t.spies.goToAddress).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(t.spies.goToAddress).toHaveBeenCalledOnce());
  });

  it('a read of the tab coming back that answers after a date was saved does not undo it: CHECKOUT leaves (no Required)', async () => {
    // Decision 087 left: a journey found a seller 'Required' at CHECKOUT with its date and slot on screen. The tab's
    // read (window focus) was sent before the saves and answered after them: its older cart replaced the saved one.
    let releaseRead: () => void = () => undefined;
    const readGate = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    let slowRead = false;
    const t = start(customer, {
      // The cart as the server held it when asked, answered when the gate opens for the slow read.
      show: async (_, server) => {
        if (slowRead) {
          slowRead = false;
          await readGate;
        }
        return ok(server);
      },
    });
    await ready(t);
    slowRead = true;
    t.actor.send(refresh);
    expect(region(t.actor.getSnapshot(), 'freshness')).toBe('reading');
    const groups = t.actor.getSnapshot().context.groups;
    groups[201]?.send({ type: 'group.date.choose', date: '2030-06-05' });
    groups[101]?.send({ type: 'group.date.choose', date: '2030-06-04' });
    await vi.waitFor(() => expect(groups[101]?.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    groups[101]?.send({ type: 'group.slot.choose', slotId: 7 });
    await vi.waitFor(() => expect(groups[101]?.getSnapshot().value).toEqual({ scheduling: 'choosingSlot' }));
    // The old read answers now, with the cart as it was before the dates.
    releaseRead();
    await vi.waitFor(() => expect(region(t.actor.getSnapshot(), 'freshness')).toBe('current'));
    t.actor.send({ type: 'cart.checkout' });
    expect(t.actor.getSnapshot().context.problems).toEqual({});
    await vi.waitFor(() => expect(t.spies.goToAddress).toHaveBeenCalledOnce());
  });

  it("a line sold out since it was added keeps CHECKOUT on the cart, with place order's words; removed, CHECKOUT goes on (walk 9 #2)", async () => {
    const soldOut: CartData = { ...scheduledCart, result: scheduledCart.result.map((l) => (l.cart_rid === 1 ? { ...l, stock: 0 } : l)) };
    const withoutIt: CartData = { ...scheduledCart, result: scheduledCart.result.filter((l) => l.cart_rid !== 1) };
    const t = start(customer, { remove: async () => ok(withoutIt) }, soldOut);
    await ready(t);
    t.actor.send({ type: 'cart.checkout' });
    expect(t.actor.getSnapshot().context.problems).toEqual({ 101: { stock: cartStockMessage } });
    expect(checkoutHint(t.actor.getSnapshot().context.problems)).toBe(cartStockMessage);
    expect(t.spies.goToAddress).not.toHaveBeenCalled();
    t.actor.send({ type: 'cart.line.remove', cartRid: 1 });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.problems).toEqual({}));
    t.actor.send({ type: 'cart.checkout' });
    await vi.waitFor(() => expect(t.spies.goToAddress).toHaveBeenCalledOnce());
  });

  it('a line holding more than is left keeps CHECKOUT on the cart too', async () => {
    const short: CartData = { ...scheduledCart, result: scheduledCart.result.map((l) => (l.cart_rid === 3 ? { ...l, qty: 3, stock: 2 } : l)) };
    const t = start(customer, {}, short);
    await ready(t);
    t.actor.send({ type: 'cart.checkout' });
    expect(t.actor.getSnapshot().context.problems).toEqual({ 201: { stock: cartStockMessage } });
    expect(t.spies.goToAddress).not.toHaveBeenCalled();
  });

  it('CHECKOUT starts a new checkout: the kept choices of the last one restart at the address, without its speed, dates or payment (walk 9 #4)', async () => {
    const items = new Map<string, string>();
    const checkoutStorage: CheckoutStorage = () => ({
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
      removeItem: (key) => void items.delete(key),
    });
    const lastCheckout = {
      step: 'checkout',
      speed: { selectedSpeedID: 1, shippingAmount: '0.00', deliveryFee: '4.99', deliveryDays: ['2026-12-03'] },
      payment: { payment_mode: 2, card_id: 5 },
      tipPercent: 10,
      isGift: false,
      giftMessage: '',
    };
    items.set(keptChoicesKey('cart-abc'), JSON.stringify(lastCheckout));
    const t = start(customer, { checkoutStorage }, scheduledCart);
    await ready(t);
    t.actor.send({ type: 'cart.checkout' });
    expect(t.spies.goToAddress).toHaveBeenCalledOnce();
    expect(JSON.parse(items.get(keptChoicesKey('cart-abc')) ?? '{}')).toEqual({ step: 'address', tipPercent: 10, isGift: false, giftMessage: '' });
  });

  it('a guest goes to /guest/register', async () => {
    const t = start({ zipcode: '10001', cart_id: 'cart-abc' }, {}, scheduledCart);
    await ready(t);
    t.actor.send({ type: 'cart.checkout' });
    expect(t.spies.goToGuestRegister).toHaveBeenCalledOnce();
    expect(t.spies.goToAddress).not.toHaveBeenCalled();
  });

  it('dine-in and pick-up go straight to /cart/card', async () => {
    for (const [shippingType, type] of [
      ['dine-in', 'dine-in'],
      ['pick-up', 'pickup'],
    ] as const) {
      const t = start({ ...customer, shippingType }, {}, visitCart(type));
      await ready(t);
      t.actor.send({ type: 'cart.checkout' });
      expect(t.spies.goToCard).toHaveBeenCalledOnce();
      expect(t.session.getSnapshot().context.nextTab).toBe('card');
    }
  });

  it('a cart whose lines are for another option than the one chosen (changed in another browser) refuses CHECKOUT, saying what to do (walk 8 #3)', async () => {
    const cases = [
      // Pick-Up chosen here; another browser redeemed a wallet line for a Dine-In table.
      { shippingType: 'pick-up', shown: visitCart('dine-in', true), words: 'Your cart holds Dine-In items, but you are on Pick-Up.' },
      { shippingType: 'pick-up', shown: scheduledCart, words: 'Your cart holds Delivery items, but you are on Pick-Up.' },
      { shippingType: 'dine-in', shown: visitCart('pickup'), words: 'Your cart holds Pick-Up items, but you are on Dine-In.' },
      { shippingType: 'delivery', shown: visitCart('dine-in'), words: 'Your cart holds Dine-In items, but you are on Delivery.' },
    ];
    for (const { shippingType, shown, words } of cases) {
      const t = start({ ...customer, shippingType }, {}, shown);
      await ready(t);
      t.actor.send({ type: 'cart.checkout' });
      expect(t.actor.getSnapshot().matches({ ready: { checkout: 'idle' } })).toBe(true);
      const problems = Object.values(t.actor.getSnapshot().context.problems);
      expect(problems).toHaveLength(shown.delivery_groups.length);
      for (const problem of problems) expect(problem.option).toContain(words);
      expect(t.spies.goToCard).not.toHaveBeenCalled();
      expect(t.spies.goToAddress).not.toHaveBeenCalled();
    }
    // Wallet redemptions go with Delivery (and with Dine-In): nothing to refuse.
    const walletOnDelivery = start({ ...customer, shippingType: 'delivery' }, {}, visitCart('dine-in', true));
    await ready(walletOnDelivery);
    walletOnDelivery.actor.send({ type: 'cart.checkout' });
    expect(walletOnDelivery.spies.goToCard).toHaveBeenCalledOnce();
  });

  it('a wallet redemption sets Dine-In, but a delivered line beside it still goes to /cart/address (walk 5)', async () => {
    const t = start({ ...customer, shippingType: 'dine-in', walletOrder: true }, {}, scheduledCart);
    await ready(t);
    t.actor.send({ type: 'cart.checkout' });
    expect(t.spies.goToAddress).toHaveBeenCalledOnce();
    expect(t.spies.goToCard).not.toHaveBeenCalled();
  });

  it('CHECKOUT during the debounce sends the quantity first, then leaves', async () => {
    const t = start(customer, {}, scheduledCart);
    await ready(t);
    t.actor.send(change(1, 3));
    t.actor.send({ type: 'cart.checkout' });
    expect(t.spies.goToAddress).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(t.spies.goToAddress).toHaveBeenCalledOnce());
    expect(t.calls.update).toEqual([{ cart_rid: 1, qty: 3 }]);
  });

  it('CHECKOUT during the debounce of a quantity set back to the server’s sends nothing and leaves', async () => {
    const t = start(customer, {}, scheduledCart);
    await ready(t);
    t.actor.send(change(1, 3));
    t.actor.send(change(1, 2));
    t.actor.send({ type: 'cart.checkout' });
    await vi.waitFor(() => expect(t.spies.goToAddress).toHaveBeenCalledOnce());
    expect(t.calls.update).toEqual([]);
  });

  it('CHECKOUT while a coupon is being applied waits for its answer, then leaves', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const t = start(customer, {
      show: async (input) => (input.coupon_code ? gate.then(() => ok(scheduledCart, 'Coupon WELCOME10 applied.')) : ok(scheduledCart)),
    });
    await ready(t);
    t.actor.send({ type: 'cart.coupon.change', code: 'WELCOME10' });
    t.actor.send({ type: 'cart.coupon.apply' });
    t.actor.send({ type: 'cart.checkout' });
    expect(t.actor.getSnapshot().matches({ ready: { checkout: 'waiting' } })).toBe(true);
    expect(t.spies.goToAddress).not.toHaveBeenCalled();
    release();
    await vi.waitFor(() => expect(t.spies.goToAddress).toHaveBeenCalledOnce());
  });

  it('no cart id: the empty cart; Start Shopping goes to the store', () => {
    const t = start({ zipcode: '10001' });
    expect(t.actor.getSnapshot().matches('empty')).toBe(true);
    t.actor.send({ type: 'cart.shop' });
    expect(t.spies.goToStore).toHaveBeenCalledOnce();
    expect(t.calls.show).toEqual([]);
  });

  it('lists lines kept for another zip and takes one away on the server; a failure says why and keeps it (decision 047)', async () => {
    const keptLine = { kept_id: 5, zipcode: '10001', name: 'Ground Beef 80/20', size: '1 lb', qty: 2, expires_at: '2030-06-10T14:00:00.000Z' };
    const withKept = { ...baseCart, kept_lines: [keptLine, { ...keptLine, kept_id: 6, name: 'Pork Belly' }] };
    const t = start({ zipcode: '60601', cart_id: 'cart-abc', Token: 'token' }, {}, withKept);
    await ready(t);
    expect(selectKeptLines(t.actor.getSnapshot()).map((k) => k.kept_id)).toEqual([5, 6]);
    t.actor.send({ type: 'cart.kept.remove', keptId: 5 });
    expect(selectKeptRemoving(t.actor.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(selectKeptRemoving(t.actor.getSnapshot())).toBe(false));
    expect(t.calls.kept).toEqual([5]);
    expect(selectKeptLines(t.actor.getSnapshot()).map((k) => k.kept_id)).toEqual([6]);
    expect(t.actor.getSnapshot().context.session.getSnapshot().context.total_products_in_cart).toBe(baseCart.total_items_count);

    const offline = start(
      { zipcode: '60601', cart_id: 'cart-abc', Token: 'token' },
      { kept: async () => Promise.reject(new ApiError('You are not connected to internet', 500, 0)) },
      withKept,
    );
    await ready(offline);
    offline.actor.send({ type: 'cart.kept.remove', keptId: 6 });
    await vi.waitFor(() => expect(offline.spies.notifyRefusal).toHaveBeenCalledOnce());
    expect(offline.actor.getSnapshot().context.message).toBe('You are not connected to internet');
    expect(selectKeptLines(offline.actor.getSnapshot()).map((k) => k.kept_id)).toEqual([5, 6]);
  });

  it('every line kept for another zip: the empty cart lists them, each removable there, and the badge stays 0 (decision 052)', async () => {
    const keptLine = { kept_id: 5, zipcode: '10001', name: 'Ground Beef 80/20', size: '1 lb', qty: 2, expires_at: '2030-06-10T14:00:00.000Z' };
    const allKept = { ...cart([]), total_items_count: 0, kept_lines: [keptLine, { ...keptLine, kept_id: 6, name: 'Pork Belly' }] };
    const t = start({ zipcode: '60601', cart_id: 'cart-abc', Token: 'token', total_products_in_cart: 2 }, {}, allKept);
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches('empty')).toBe(true));
    expect(t.session.getSnapshot().context.total_products_in_cart).toBe(0);
    expect(selectKeptLines(t.actor.getSnapshot()).map((k) => k.kept_id)).toEqual([5, 6]);
    t.actor.send({ type: 'cart.kept.remove', keptId: 5 });
    expect(selectKeptRemoving(t.actor.getSnapshot())).toBe(true);
    await vi.waitFor(() => expect(selectKeptRemoving(t.actor.getSnapshot())).toBe(false));
    expect(t.calls.kept).toEqual([5]);
    expect(t.actor.getSnapshot().matches('empty')).toBe(true);
    expect(selectKeptLines(t.actor.getSnapshot()).map((k) => k.kept_id)).toEqual([6]);
    expect(t.session.getSnapshot().context.total_products_in_cart).toBe(0);
    t.actor.send({ type: 'cart.shop' });
    expect(t.spies.goToStore).toHaveBeenCalledOnce();
  });

  it('the last line removed: the empty cart still lists the lines kept for another zip', async () => {
    const keptLine = { kept_id: 5, zipcode: '10001', name: 'Ground Beef 80/20', size: '1 lb', qty: 2, expires_at: '2030-06-10T14:00:00.000Z' };
    const t = start(customer, {}, { ...cart([salmon]), kept_lines: [keptLine] });
    await ready(t);
    t.actor.send(remove(3));
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches('empty')).toBe(true));
    expect(selectKeptLines(t.actor.getSnapshot()).map((k) => k.kept_id)).toEqual([5]);
    expect(t.session.getSnapshot().context.total_products_in_cart).toBe(0);
  });
});

describe('a cart ordered in another tab', () => {
  const dineIn: SessionValues = { ...customer, shippingType: 'dine-in', dineinpickup: 1, retailer: 401, nextTab: 'card', total_products_in_cart: 3 };

  it("opening the cart: a toast names it, and the session forgets it (and its Dine-In choice) for the shopper's cart of now", async () => {
    const t = start(dineIn, { show: async () => orderedReply });
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches('ordered')).toBe(true));
    expect(t.spies.notifyRefusal).toHaveBeenCalledOnce();
    expect(t.actor.getSnapshot().context.message).toBe(cartOrderedMessage);
    const stored = t.session.getSnapshot().context;
    expect(stored).toMatchObject({ cart_id: 'cart-next', total_products_in_cart: 2, Token: 'token', zipcode: '10001' });
    expect([stored.shippingType, stored.dineinpickup, stored.retailer, stored.nextTab]).toEqual([undefined, undefined, undefined, undefined]);

    // No cart to go on with: the session has none, and the badge shows 0.
    const none = start(dineIn, { show: async () => ({ ...orderedReply, current_cart: { cart_id: '', total_items_count: 0 } }) });
    await vi.waitFor(() => expect(none.actor.getSnapshot().matches('ordered')).toBe(true));
    expect(none.session.getSnapshot().context).toMatchObject({ cart_id: undefined, total_products_in_cart: 0 });
  });

  it('shown again (the tab is back): the cart is read again, and one ordered meanwhile hands over to the cart of now', async () => {
    let orderedElsewhere = false;
    const t = start(customer, { show: async () => (orderedElsewhere ? orderedReply : ok(baseCart)) });
    await ready(t);
    t.actor.send({ type: 'cart.refresh' });
    await vi.waitFor(() => expect(t.calls.show).toHaveLength(2));
    await vi.waitFor(() => expect(region(t.actor.getSnapshot(), 'freshness')).toBe('current'));
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);

    orderedElsewhere = true;
    t.actor.send({ type: 'cart.refresh' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches('ordered')).toBe(true));
    expect(t.spies.notifyRefusal).toHaveBeenCalledOnce();
    expect(t.session.getSnapshot().context).toMatchObject({ cart_id: 'cart-next', total_products_in_cart: 2 });
  });

  it("another browser: a signed-in browser holding no cart opens the account's cart, and asks again when the tab is back", async () => {
    const noCart: SessionValues = { zipcode: '10001', Token: 'token', cust_name: 'Ada' };
    let reply: CartReply = { code: -1, current_cart: { cart_id: '', total_items_count: 0 } };
    const t = start(noCart, { show: async () => reply });
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches('empty')).toBe(true));
    expect(t.calls.show).toEqual([{}]);
    expect(t.spies.notifyRefusal).not.toHaveBeenCalled();

    // Filled in another browser meanwhile: back in this tab, the account's cart is the session's and opens.
    reply = accountCartReply;
    t.actor.send(refresh);
    await vi.waitFor(() => expect(t.actor.getSnapshot().matches('ordered')).toBe(true));
    expect(t.session.getSnapshot().context).toMatchObject({ cart_id: 'cart-next', total_products_in_cart: 2 });
    expect(t.spies.notifyRefusal).not.toHaveBeenCalled();

    // A guest with no cart asks nothing.
    const guest = start({ zipcode: '10001' });
    expect(guest.actor.getSnapshot().matches('empty')).toBe(true);
    guest.actor.send(refresh);
    expect(guest.calls.show).toEqual([]);
  });

  it("a 401 (the session ended elsewhere): the session-ended notice alone says it; the page shows the empty cart, not 'could not be loaded' (walk 8 #2)", async () => {
    const noCart: SessionValues = { zipcode: '10001', Token: 'token', cust_name: 'Ada' };
    for (const stored of [customer, noCart]) {
      // As http.ts does: the 401 ends the session (session-end.ts), then the call fails.
      const held: { session?: ReturnType<typeof start>['session'] } = {};
      const t = start(stored, {
        show: async () => {
          await Promise.resolve();
          if (held.session) endSession(held.session);
          throw new ApiError(signInAgainMessage, 401, 401);
        },
      });
      held.session = t.session;
      await vi.waitFor(() => expect(t.actor.getSnapshot().matches('empty')).toBe(true));
      expect(t.actor.getSnapshot().context.loadError).toBeUndefined();
      expect(t.spies.notifyRefusal).not.toHaveBeenCalled();
      expect(t.session.getSnapshot().context).toMatchObject({ sessionEnded: true, total_products_in_cart: 0 });
    }

    // A guest's token refused (no session ended, no notice): the cart says why it could not be loaded.
    const guest = start(
      { zipcode: '10001', cart_id: 'cart-abc', Token: 'guest-token' },
      { show: async () => Promise.reject(new ApiError(signInAgainMessage, 401, 401)) },
    );
    await vi.waitFor(() => expect(guest.actor.getSnapshot().matches('failed')).toBe(true));
    expect(guest.actor.getSnapshot().context.loadError).toBe(signInAgainMessage);
  });

  it('shown again while a quantity waits for its debounce: not read until it is sent', async () => {
    vi.useFakeTimers();
    try {
      const t = start(customer);
      await vi.waitFor(() => expect(t.actor.getSnapshot().matches('ready')).toBe(true));
      t.actor.send(change(1, 3));
      t.actor.send({ type: 'cart.refresh' });
      expect(region(t.actor.getSnapshot(), 'freshness')).toBe('current');
      expect(t.calls.show).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
