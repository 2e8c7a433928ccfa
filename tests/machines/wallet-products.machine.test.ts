import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { WalletAddToCartBody, WalletAddToCartResult, WalletProductsReply, WalletVendorsReply } from '../../src/api/contract/wallet.contract.ts';
import type { Sent } from '../../src/api/http.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { walletProductsMachine, type WalletProductsContext } from '../../src/machines/wallet/wallet-products.machine.ts';
import { selectCanRedeem, selectWalletFiltersActionable } from '../../src/machines/wallet/index.ts';
import type { WalletVisit } from '../../src/machines/wallet/wallet-retailers.machine.ts';
import { done, failed, heldCalls, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';
import { retailers, walletNow as now, walletProductList } from './wallet-fixtures.ts';

const { label } = labelled();
const visit = { customerId: 7, state: 'NY', category: 4 as const, retailerId: 910101, date: '2026-12-02', time: '19:00' };
const session = (stored: Partial<SessionValues> = {}) =>
  createActor(sessionMachine, { input: { Token: 't', CustomerId: 7, cust_name: 'Ada', zipcode: '10001', cart_id: 'c1', ...stored } }).start();

const events = {
  retailers: label('loadRetailers: two', done('loadRetailers', { code: 1, data: retailers })),
  retailersRefused: label('loadRetailers: code -1', done('loadRetailers', { code: -1, message: 'Not now' })),
  retailersOffline: label('loadRetailers: offline', failed('loadRetailers')),
  strangers: label('loadRetailers: none of this one', done('loadRetailers', { code: 1, data: [retailers[1]] })),
  products: label('loadProducts: two', done('loadProducts', { code: 1, data: walletProductList })),
  productsRefused: label('loadProducts: code -1', done('loadProducts', { code: -1, message: 'Not now' })),
  productsOffline: label('loadProducts: offline', failed('loadProducts')),
  added: label('redeem: code 1', done('redeem', { code: 1, message: 'ok', cart_id: 'c2', total_products_in_cart: 1 })),
  refused: label('redeem: code -1', done('redeem', { code: -1, message: 'No' })),
  offline: label('redeem: offline', failed('redeem')),
};

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loadingRetailers')) return [events.retailers, events.retailersRefused, events.retailersOffline, events.strangers];
  if (snapshot.matches('loadingProducts')) return [events.products, events.productsRefused, events.productsOffline];
  if (snapshot.matches('failed')) return [{ type: 'products.retry' }];
  if (snapshot.matches('ready'))
    return [
      { type: 'sort.select', sort: 'price_desc' },
      { type: 'retailer.select', locationId: 910201 },
      { type: 'retailer.select', locationId: 1 },
      { type: 'date.change', date: '2026-11-30' },
      { type: 'date.change', date: '2026-12-05' },
      { type: 'time.change', time: '20:00' },
      { type: 'time.change', time: '12:00' },
      { type: 'time.change', time: '09:00' },
      { type: 'filters.open' },
      { type: 'cart.add', productId: 11, sizeId: 111 },
      { type: 'cart.add', productId: 12, sizeId: 121 },
    ];
  if (snapshot.matches('filtering'))
    return [
      { type: 'filters.sort.select', sort: 'name_desc' },
      { type: 'filters.retailer.select', locationId: 910201 },
      { type: 'filters.retailer.select', locationId: 1 },
      { type: 'filters.apply' },
      { type: 'filters.cancel' },
    ];
  if (snapshot.matches('adding')) return [events.added, events.refused, events.offline];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as WalletProductsContext;
  return JSON.stringify([snapshot.value, c.sort, c.retailerId, c.draft, c.date, c.time, c.retailers.length, c.products.length]);
};
const pick = (c: unknown) => {
  const { sort, retailerId, draft, date, time } = c as WalletProductsContext;
  return { sort, retailerId, draft, date, time };
};

describe.each([
  { who: 'with a chosen restaurant', withVisit: true },
  { who: 'opened directly', withVisit: false },
])('wallet products paths $who', ({ withVisit }) => {
  const input = { session: session(), visit: withVisit ? visit : undefined, now };
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(walletProductsMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(walletProductsMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    expect(pick(result.snapshot.context)).toEqual(pick(plan.expected.context));
  });
  if (withVisit) {
    it(coverageTitle(walletProductsMachine), () => {
      expect([...allStateIds(walletProductsMachine)].filter((s) => !reached.has(s) && !s.endsWith('noVisit'))).toEqual([]);
      expect([...allTransitions(walletProductsMachine)].filter((t) => !taken.has(t) && !t.includes('noVisit'))).toEqual([]);
    });
  }
});

describe('wallet products behaviour', () => {
  function start(result: WalletAddToCartResult | Error, given: WalletVisit = visit, stored: Partial<SessionValues> = {}) {
    const sent: Sent<WalletAddToCartBody>[] = [];
    const logged: unknown[] = [];
    let wentToCart = 0;
    const machine = walletProductsMachine.provide({
      actors: {
        loadRetailers: fromPromise<WalletVendorsReply, WalletVisit>(async () => ({ code: 1, data: retailers })),
        loadProducts: fromPromise<WalletProductsReply, { vendorId: number; customerId: number }>(async () => ({ code: 1, data: walletProductList })),
        redeem: fromPromise<WalletAddToCartResult, Sent<WalletAddToCartBody>>(async ({ input }) => {
          sent.push(input);
          if (result instanceof Error) throw result;
          return result;
        }),
      },
      actions: {
        goToCart: () => void (wentToCart += 1),
        logRedeemFailure: (_, params) => void logged.push(params.reason),
      },
    });
    const store = session(stored);
    const actor = createActor(machine, { input: { session: store, visit: given, now } }).start();
    return { actor, store, sent, logged, cart: () => wentToCart };
  }

  it('redeems one of a size at the chosen restaurant, records walletOrder and the cart, and goes to the cart', async () => {
    const t = start({ code: 1, message: 'ok', cart_id: 'c2', total_products_in_cart: 1 });
    await waitFor(t.actor, (s) => s.matches('ready'));
    t.actor.send({ type: 'cart.add', productId: 11, sizeId: 111 });
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.sent).toEqual([
      {
        cart_id: 'c1',
        zipcode: '10001',
        product_id: 111,
        qty: '1',
        size: 400,
        vendor_loc_id: 910101,
        pastorderid: '100000001',
        // Walk 5 #1: the visit goes with the line, so the server's cart keeps it for any browser.
        dinein_time: '2026-12-02 19:00',
        wallet: 1,
      },
    ]);
    // Walk 5: the header reads Dine-In at the restaurant, and what is added next is its Dine-In menu.
    expect(t.store.getSnapshot().context).toMatchObject({
      walletOrder: true,
      cart_id: 'c2',
      total_products_in_cart: 1,
      dineinTime: '2026-12-02 19:00',
      shippingType: 'dine-in',
      dineinpickup: 1,
      couriertype: 'dine-in',
      retailer: 910101,
      vendor_location_id: 910101,
    });
    expect(t.store.getSnapshot().context.retailer_name).toEqual(expect.any(String));
    expect(t.cart()).toBe(1);
  });

  it('a cart that held lines keeps its Delivery choice: only the visit is recorded (its delivered lines keep their speeds)', async () => {
    const delivery = { shippingType: 'delivery', delivery: 1, total_products_in_cart: 1 };
    const t = start({ code: 1, message: 'ok', cart_id: 'c1', total_products_in_cart: 2 }, visit, delivery);
    await waitFor(t.actor, (s) => s.matches('ready'));
    t.actor.send({ type: 'cart.add', productId: 11, sizeId: 111 });
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.store.getSnapshot().context).toMatchObject({
      ...delivery,
      walletOrder: true,
      total_products_in_cart: 2,
      dineinTime: '2026-12-02 19:00',
    });
    expect(t.store.getSnapshot().context.couriertype).toBeUndefined();
  });

  it('only logs a refusal, and the mobile panel’s choices count only on Apply', async () => {
    const t = start({ code: -1, message: 'No' });
    await waitFor(t.actor, (s) => s.matches('ready'));
    t.actor.send({ type: 'cart.add', productId: 11, sizeId: 111 });
    await waitFor(t.actor, (s) => s.matches('ready') && t.logged.length === 1);
    expect(t.logged).toEqual(['No']);
    expect(t.store.getSnapshot().context.walletOrder).toBeUndefined();

    t.actor.send({ type: 'filters.open' });
    t.actor.send({ type: 'filters.sort.select', sort: 'price_asc' });
    t.actor.send({ type: 'filters.cancel' });
    expect(t.actor.getSnapshot().context.sort).toBe('name_asc');
    t.actor.send({ type: 'filters.open' });
    t.actor.send({ type: 'filters.sort.select', sort: 'price_asc' });
    t.actor.send({ type: 'filters.retailer.select', locationId: 910201 });
    t.actor.send({ type: 'filters.apply' });
    expect(t.actor.getSnapshot().context).toMatchObject({ sort: 'price_asc', retailerId: 910201 });
    await waitFor(t.actor, (s) => s.matches('ready'));
  });

  it('redeems at a 5 pm restaurant only at one of its tables: a time it does not offer is dropped and ADD TO CART waits', async () => {
    const t = start({ code: 1, message: 'ok', cart_id: 'c2', total_products_in_cart: 1 }, { ...visit, retailerId: 910201, time: '13:00' });
    await waitFor(t.actor, (s) => s.matches('ready'));
    expect(t.actor.getSnapshot().context.time).toBe('');
    t.actor.send({ type: 'cart.add', productId: 11, sizeId: 111 });
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
    t.actor.send({ type: 'time.change', time: '12:00' });
    expect(t.actor.getSnapshot().context.time).toBe('');
    t.actor.send({ type: 'time.change', time: '19:00' });
    t.actor.send({ type: 'cart.add', productId: 11, sizeId: 111 });
    await waitFor(t.actor, (s) => s.status === 'done');
    expect(t.sent).toHaveLength(1);
    expect(t.store.getSnapshot().context).toMatchObject({ walletOrder: true, dineinTime: '2026-12-02 19:00' });
  });

  it('enables the sort, retailer, date, time, Filter and ADD TO CART exactly where the machine takes them (a choice elsewhere would be dropped)', async () => {
    const { held, next } = heldCalls(async (check) => vi.waitFor(check));
    const machine = walletProductsMachine.provide({
      actors: {
        loadRetailers: fromPromise<WalletVendorsReply, WalletVisit>(held('loadRetailers')),
        loadProducts: fromPromise<WalletProductsReply, { vendorId: number; customerId: number }>(held('loadProducts')),
        redeem: fromPromise<WalletAddToCartResult, Sent<WalletAddToCartBody>>(held('redeem')),
      },
      actions: { logRedeemFailure: () => undefined },
    });
    const seen = new Map<string, { filters: boolean; add: boolean }>();
    const actor = createActor(machine, { input: { session: session(), visit, now } });
    actor.subscribe((s) => {
      const state = String(s.value);
      const filters = selectWalletFiltersActionable(s);
      for (const event of [
        { type: 'sort.select', sort: 'price_desc' },
        { type: 'retailer.select', locationId: 910201 },
        { type: 'date.change', date: '2026-12-05' },
        // Both restaurants seat guests at 7 pm on the visit's date.
        { type: 'time.change', time: '19:00' },
        { type: 'filters.open' },
      ] as const)
        expect(filters, `${state}: ${event.type}`).toBe(s.can(event));
      expect(selectCanRedeem(11, 111)(s), state).toBe(s.can({ type: 'cart.add', productId: 11, sizeId: 111 }));
      seen.set(state, { filters, add: selectCanRedeem(11, 111)(s) });
    });
    actor.start();
    (await next('loadRetailers')).resolve({ code: 1, data: retailers });
    (await next('loadProducts')).reject(new Error('offline'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'products.retry' });
    (await next('loadRetailers')).resolve({ code: 1, data: retailers });
    (await next('loadProducts')).resolve({ code: 1, data: walletProductList });
    await waitFor(actor, (s) => s.matches('ready'));
    // Another Retailer loads its products at once: a time picked meanwhile would be dropped.
    actor.send({ type: 'retailer.select', locationId: 910201 });
    expect(actor.getSnapshot().value).toBe('loadingProducts');
    (await next('loadProducts')).resolve({ code: 1, data: walletProductList });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'filters.open' });
    expect(actor.getSnapshot().value).toBe('filtering');
    actor.send({ type: 'filters.cancel' });
    actor.send({ type: 'cart.add', productId: 11, sizeId: 111 });
    expect(actor.getSnapshot().value).toBe('adding');
    (await next('redeem')).resolve({ code: -1, message: 'No' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
    const off = { filters: false, add: false };
    expect(Object.fromEntries(seen)).toEqual({
      loadingRetailers: off,
      loadingProducts: off,
      failed: off,
      ready: { filters: true, add: true },
      filtering: off,
      adding: off,
    });
  });
});
