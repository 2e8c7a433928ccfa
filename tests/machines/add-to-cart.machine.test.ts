import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { ProductSize } from '../../src/api/contract/product.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { addToCartMachine } from '../../src/machines/store/add-to-cart.machine.ts';
import { selectChoicesEditable } from '../../src/machines/store/index.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

function size(id: number, grams: number, offers: ProductSize['speed_id']): ProductSize {
  return {
    id,
    bottle_size: grams,
    price: offers[0]?.Price ?? '1.00',
    maximumprice: '99.00',
    brand_name: 'Miller Farms',
    product_type: 'Fresh',
    product_category: 'Beef',
    country_of_manufacture: null,
    stock_status: offers.some((o) => o.stock > 0) ? 'in stock' : 'out of stock',
    speed_id: offers,
  };
}

const sizes: ProductSize[] = [
  size(21, 1000, [{ Type: 'farm-direct', Loc_id: 950, Price: '30.00', stock: 0, vendor_name: 'Farm' }]),
  size(20, 500, [
    { Type: 'local', Loc_id: 101, Price: '16.00', stock: 4, vendor_name: 'Butcher' },
    { Type: 'courier', Loc_id: 900, Price: '17.00', stock: 9, vendor_name: 'Courier' },
  ]),
];

const added = { type: 'xstate.done.actor.addToCart', output: { code: 1, message: 'Added', cart_id: 'cart-xyz', total_products_in_cart: 3 } };
const refused = { type: 'xstate.done.actor.addToCart', output: { code: -1, message: 'Only 2 left in stock.' } };
const failed = { type: 'xstate.error.actor.addToCart', error: new ApiError('You are not connected to internet', 500, 0) };

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('adding')) return [added, refused, failed];
  return [
    { type: 'size.select', sizeId: 21 },
    { type: 'size.select', sizeId: 20 },
    { type: 'size.select', sizeId: 999 },
    { type: 'speed.select', speed: 'courier' },
    { type: 'speed.select', speed: 'farm-direct' },
    { type: 'qty.select', qty: 30 },
    { type: 'cart.add' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as { sizeId?: number; speed?: string; qty: number; message?: string };
  return JSON.stringify([snapshot.value, c.sizeId, c.speed, c.qty, c.message ?? null]);
};

const customer: SessionValues = {
  zipcode: '10001',
  location: 101,
  Token: 'token',
  CustomerId: 7,
  cust_name: 'Ada',
  cart_id: 'cart-xyz',
  total_products_in_cart: 1,
};
const sessions: { name: string; stored: SessionValues; ageRestricted?: boolean }[] = [
  { name: 'guest', stored: { zipcode: '10001', location: 101 } },
  { name: 'customer', stored: { zipcode: '10001', location: 101, Token: 'token', cart_id: 'cart-xyz', total_products_in_cart: 1 } },
  // A restricted product: a guest (no token; or a guest-checkout token, no name) is told to sign up and verify.
  { name: 'guest, restricted product', stored: { zipcode: '10001', location: 101 }, ageRestricted: true },
  {
    name: 'guest checkout, restricted product',
    stored: { zipcode: '10001', location: 101, Token: 'guest-token', CustomerId: 8 },
    ageRestricted: true,
  },
  { name: 'customer, restricted product', stored: customer, ageRestricted: true },
];

describe('add to cart paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const who of sessions) {
    const input = () => ({ session: createActor(sessionMachine, { input: who.stored }).start(), sizes, ageRestricted: who.ageRestricted });
    const plans = planPaths(addToCartMachine, { input: input(), events: eventsFor, serializeState });
    describe(who.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const args = input();
        const result = replay(addToCartMachine, plan, args);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        const stored = args.session.getSnapshot().context;
        if (result.snapshot.status === 'done') {
          expect(stored).toMatchObject({ cart_id: 'cart-xyz', total_products_in_cart: 3 });
          expect(result.snapshot.value).toBe(who.stored.Token ? 'sentToCart' : 'sentToGuestRegister');
          if (who.stored.Token) expect(stored.walletOrder).toBe(false);
        } else {
          expect(stored.total_products_in_cart).toBe(who.stored.total_products_in_cart);
        }
        // Only a guest with a restricted product reaches accountNeeded, and they never reach adding.
        const guestRestricted = who.ageRestricted === true && who.stored.cust_name === undefined;
        if (guestRestricted) expect(result.states.some((st) => st.includes('adding'))).toBe(false);
        else expect(result.states.some((st) => st.includes('accountNeeded'))).toBe(false);
      });
    });
  }

  it(coverageTitle(addToCartMachine), () => {
    expect([...allStateIds(addToCartMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(addToCartMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('add to cart behaviour', () => {
  function start(
    stored: SessionValues,
    reply: () => Promise<{ code: 1 | -1 | 2; message: string; cart_id?: string; total_products_in_cart?: number }>,
    ageRestricted = false,
    preferredLocId?: number,
  ) {
    const session = createActor(sessionMachine, { input: stored }).start();
    const calls: unknown[] = [];
    const goToGuestRegister = vi.fn();
    const goToCart = vi.fn();
    const notifyRefusal = vi.fn();
    const machine = addToCartMachine.provide({
      actors: {
        addToCart: fromPromise(async ({ input }) => {
          calls.push(input);
          return reply();
        }),
      },
      actions: { goToGuestRegister, goToCart, notifyRefusal },
    });
    const actor = createActor(machine, { input: { session, sizes, ageRestricted, preferredLocId } }).start();
    return { actor, session, calls, goToGuestRegister, goToCart, notifyRefusal };
  }

  it('starts on the smallest size with a speed in stock; a new size resets speed and vendor', () => {
    const { actor } = start({}, async () => ({ code: 1, message: 'ok', cart_id: 'c' }));
    expect(actor.getSnapshot().context).toMatchObject({ sizeId: 20, speed: 'local', vendorLocId: 101, qty: 1 });
    actor.send({ type: 'speed.select', speed: 'courier' });
    expect(actor.getSnapshot().context).toMatchObject({ speed: 'courier', vendorLocId: 900 });
    actor.send({ type: 'size.select', sizeId: 21 });
    expect(actor.getSnapshot().context).toMatchObject({ sizeId: 21, speed: 'farm-direct', vendorLocId: 950 });
    // Out of stock: ADD TO CART is refused by the machine itself.
    expect(actor.getSnapshot().can({ type: 'cart.add' })).toBe(false);
  });

  it('a guest is sent to guest registration with the cart stored', async () => {
    const t = start({ zipcode: '10001', location: 101 }, async () => ({ code: 1, message: 'ok', cart_id: 'new-cart', total_products_in_cart: 2 }));
    t.actor.send({ type: 'qty.select', qty: 2 });
    t.actor.send({ type: 'cart.add' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().status).toBe('done'));
    expect(t.calls[0]).toMatchObject({ product_id: 20, qty: 2, speed_id: 'local', vendor_loc_id: 101, zipcode: '10001', loc_id: 101 });
    expect(t.goToGuestRegister).toHaveBeenCalledOnce();
    expect(t.goToCart).not.toHaveBeenCalled();
    expect(t.session.getSnapshot().context).toMatchObject({ cart_id: 'new-cart', total_products_in_cart: 2 });
  });

  it('a guest asking for a restricted product is told to create an account and verify; nothing is sent', async () => {
    const t = start({ zipcode: '10001', location: 101 }, async () => ({ code: 1, message: 'ok', cart_id: 'c' }), true);
    t.actor.send({ type: 'cart.add' });
    expect(t.actor.getSnapshot().value).toBe('accountNeeded');
    t.actor.send({ type: 'cart.add' });
    expect(t.actor.getSnapshot().value).toBe('accountNeeded');
    t.actor.send({ type: 'qty.select', qty: 2 });
    expect(t.actor.getSnapshot().value).toBe('choosing');
    expect(t.calls).toEqual([]);
    expect(t.goToGuestRegister).not.toHaveBeenCalled();

    // Signed in (the session changes under the page): the same button adds it.
    t.session.send({ type: 'session.update', values: { Token: 'tok', CustomerId: 7, cust_name: 'Ada' } });
    t.actor.send({ type: 'cart.add' });
    await vi.waitFor(() => expect(t.goToCart).toHaveBeenCalledOnce());
    expect(t.calls).toHaveLength(1);
  });

  it("opened from a seller's listing, adds that seller's offer even where another is cheaper (issue 23)", async () => {
    // The courier (900) asks 17.00 for the 500 g size, the butcher (101) 16.00: the courier's listing card was chosen.
    const t = start({ Token: 'x', zipcode: '10001', location: 101 }, async () => ({ code: 1, message: 'ok', cart_id: 'c' }), false, 900);
    expect(t.actor.getSnapshot().context).toMatchObject({ sizeId: 20, speed: 'courier', vendorLocId: 900 });
    // A size the seller does not sell falls back to the default offer; back on theirs, the seller again.
    t.actor.send({ type: 'size.select', sizeId: 21 });
    expect(t.actor.getSnapshot().context).toMatchObject({ sizeId: 21, vendorLocId: 950 });
    t.actor.send({ type: 'size.select', sizeId: 20 });
    expect(t.actor.getSnapshot().context).toMatchObject({ sizeId: 20, speed: 'courier', vendorLocId: 900 });
    t.actor.send({ type: 'cart.add' });
    await vi.waitFor(() => expect(t.goToCart).toHaveBeenCalledOnce());
    expect(t.calls[0]).toMatchObject({ product_id: 20, speed_id: 'courier', vendor_loc_id: 900 });
  });

  it('enables size, speed and quantity exactly where the machine takes them: not while the line is being added', async () => {
    type Reply = { code: 1 | -1; message: string; cart_id?: string };
    let answer: (reply: Reply) => void = () => undefined;
    const t = start({ Token: 'x', CustomerId: 7, cust_name: 'Ada' }, () => new Promise<Reply>((resolve) => (answer = resolve)), true);
    const seen = new Map<string, boolean>();
    const check = (s: ReturnType<typeof t.actor.getSnapshot>) => {
      seen.set(String(s.value), selectChoicesEditable(s));
      for (const event of [
        { type: 'size.select', sizeId: 20 },
        { type: 'speed.select', speed: 'courier' },
        { type: 'qty.select', qty: 2 },
      ] as const)
        expect(selectChoicesEditable(s), `${String(s.value)} ${event.type}`).toBe(s.can(event));
    };
    check(t.actor.getSnapshot());
    t.actor.subscribe(check);
    t.actor.send({ type: 'cart.add' });
    expect(t.actor.getSnapshot().value).toBe('adding');
    expect(selectChoicesEditable(t.actor.getSnapshot())).toBe(false);
    answer({ code: -1, message: 'Only 2 left in stock.' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().value).toBe('choosing'));
    expect(selectChoicesEditable(t.actor.getSnapshot())).toBe(true);
    t.actor.send({ type: 'cart.add' });
    answer({ code: 1, message: 'ok', cart_id: 'c' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().status).toBe('done'));
    expect(Object.fromEntries(seen)).toEqual({ choosing: true, adding: false, sentToCart: false });

    // A guest asked to sign in first may still change the choice (it takes them back to choosing).
    const guest = start({}, async () => ({ code: 1, message: 'ok', cart_id: 'c' }), true);
    guest.actor.send({ type: 'cart.add' });
    expect(guest.actor.getSnapshot().value).toBe('accountNeeded');
    expect(selectChoicesEditable(guest.actor.getSnapshot())).toBe(true);
  });

  it("shows the server's refusal and stays on the page", async () => {
    const t = start({ Token: 'x' }, async () => ({ code: -1, message: 'Only 2 left in stock.' }));
    t.actor.send({ type: 'cart.add' });
    await vi.waitFor(() => expect(t.notifyRefusal).toHaveBeenCalledOnce());
    expect(t.actor.getSnapshot().value).toBe('choosing');
    expect(t.actor.getSnapshot().context.message).toBe('Only 2 left in stock.');
  });
});
