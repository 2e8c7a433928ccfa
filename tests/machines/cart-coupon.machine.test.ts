import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CartReply, ShowCartBody } from '../../src/api/contract/cart-page.contract.ts';
import type { Sent } from '../../src/api/http.ts';
import { selectCouponEditable } from '../../src/machines/cart/index.ts';
import { cartCouponMachine, type CartCouponContext, type CartCouponReport } from '../../src/machines/cart/cart-coupon.machine.ts';
import { baseCart, ok } from './cart-fixtures.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';
import { reportRecorder } from './report-recorder.ts';

const couponed = { ...baseCart, coupon_code: 'WELCOME10', discount: '7.85', grandtotal: '86.15' };
const belowMinimum = 'This coupon needs a subtotal of $30.00.';

const { label } = labelled();
const typed = label('coupon.change: WELCOME10', { type: 'coupon.change', code: ' WELCOME10 ' });
const applied = label('showCart: coupon on', done('showCart', ok(couponed, 'Coupon WELCOME10 applied.')));
const removed = label('showCart: coupon off', done('showCart', ok(baseCart, 'Coupon removed.')));
const refused = label('showCart: code 2', done('showCart', { code: 2, message: belowMinimum, data: baseCart } satisfies CartReply));
const noCart = label('showCart: no open cart', done('showCart', { code: -1, message: 'Your cart is empty.' } satisfies CartReply));
const offline = label('showCart: offline', failed('showCart'));
const loadedWithCoupon = label('coupon.sync: coupon on', { type: 'coupon.sync' as const, reply: ok(couponed) });
const dropped = label('coupon.sync: code 2, coupon dropped', {
  type: 'coupon.sync' as const,
  reply: { code: 2, message: belowMinimum, data: baseCart } satisfies CartReply,
});

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as CartCouponContext;
  if (snapshot.matches('applying')) return [applied, refused, noCart, offline];
  if (snapshot.matches('removing')) return [removed, noCart, offline];
  return [
    ...(c.couponText === '' ? [typed] : []),
    { type: 'coupon.apply' },
    { type: 'coupon.remove' },
    ...(c.applied === null ? [loadedWithCoupon] : [dropped]),
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CartCouponContext;
  return JSON.stringify([snapshot.value, c.applied, c.couponText, c.couponMessage ?? null]);
};

const input = () => ({ owner: reportRecorder<CartCouponReport>(), cartId: 'cart-abc' });

describe('cart coupon paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(cartCouponMachine, { input: input(), events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const args = input();
    const result = replay(cartCouponMachine, plan, args);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const last = plan.events.at(-1);
    const reports = args.owner.getSnapshot().context.reports;
    // Every answer goes to the cart: the cart, a failure, or no open cart.
    if (last === applied || last === removed || last === refused) expect(reports.at(-1)?.type).toBe('coupon.saved');
    if (last === offline) expect(reports.at(-1)).toEqual({ type: 'coupon.failed', message: 'You are not connected to internet' });
    if (last === noCart) expect(reports.at(-1)).toEqual({ type: 'coupon.emptied' });
    // A refused code stays in the box to be corrected; an applied one moves to 'Applied: CODE'.
    if (last === refused)
      expect(result.snapshot.context).toMatchObject({ couponText: ' WELCOME10 ', couponMessage: { kind: 'error', text: belowMinimum } });
    if (last === applied) expect(result.snapshot.context).toMatchObject({ couponText: '', applied: 'WELCOME10' });
    if (last === dropped) expect(result.snapshot.context.couponMessage).toEqual({ kind: 'error', text: belowMinimum });
  });

  it(coverageTitle(cartCouponMachine), () => {
    expect([...allStateIds(cartCouponMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(cartCouponMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('cart coupon behaviour', () => {
  it('a cart the cart passes on with code 2 (a coupon that stopped applying) shows its message; REMOVE needs a coupon on', () => {
    const actor = createActor(cartCouponMachine, { input: input() }).start();
    actor.send({ type: 'coupon.remove' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send(loadedWithCoupon);
    expect(actor.getSnapshot().context.applied).toBe('WELCOME10');
    actor.send(dropped);
    expect(actor.getSnapshot().context).toMatchObject({ applied: null, couponMessage: { kind: 'error', text: belowMinimum } });
  });
});

describe('cart coupon box typing', () => {
  it('takes typing exactly where the machine takes it: not while a coupon is applied or removed (a keystroke would be dropped)', async () => {
    const answers: ((reply: CartReply) => void)[] = [];
    const machine = cartCouponMachine.provide({
      actors: { showCart: fromPromise<CartReply, Sent<ShowCartBody>>(() => new Promise((resolve) => answers.push(resolve))) },
    });
    const seen = new Map<string, boolean>();
    const actor = createActor(machine, { input: input() });
    actor.subscribe((s) => {
      seen.set(String(s.value), selectCouponEditable(s));
      expect(selectCouponEditable(s), String(s.value)).toBe(s.can({ type: 'coupon.change', code: 'SAVE5' }));
    });
    actor.start();
    actor.send({ type: 'coupon.change', code: 'WELCOME10' });
    actor.send({ type: 'coupon.apply' });
    expect(actor.getSnapshot().value).toBe('applying');
    expect(seen.get('applying')).toBe(false);
    answers.shift()?.(ok(couponed, 'Coupon WELCOME10 applied.'));
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'coupon.remove' });
    expect(actor.getSnapshot().value).toBe('removing');
    answers.shift()?.({ code: -1, message: 'Your cart is empty.' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(Object.fromEntries(seen)).toEqual({ idle: true, applying: false, removing: false, closed: false });
  });
});
