import { describe, expect, it } from 'vitest';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { pageAccessMachine, type GatedPage, type PageAccessInput } from '../../src/machines/app/page-access.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const visitor: SessionValues = { zipcode: '10001' };
const guestWithToken: SessionValues = { zipcode: '10001', Token: 'guest-tok' };
const customer: SessionValues = { zipcode: '10001', Token: 'tok', cust_name: 'Ada', CustomerId: 7 };

const serializeState = (snapshot: AnyMachineSnapshot) => JSON.stringify([snapshot.value, snapshot.context.redirectTo ?? null]);
const events = [{ type: 'session.changed' }];

/** Each page with the shopper who is refused it and one who is let in: where the refused one goes. */
const cases: { page: GatedPage; resetToken?: string | null; refused: SessionValues; allowed: SessionValues; to: string }[] = [
  { page: 'settings', refused: visitor, allowed: guestWithToken, to: '/signIn?next=%2Fsetting%2Forder' },
  { page: 'orderStatus', refused: visitor, allowed: customer, to: '/signIn?next=%2Fsetting%2Forder' },
  { page: 'signIn', refused: customer, allowed: guestWithToken, to: '/store' },
  { page: 'createAccount', refused: customer, allowed: visitor, to: '/store' },
  { page: 'forgotPassword', refused: customer, allowed: visitor, to: '/category/ALL' },
  { page: 'guestOnly', refused: customer, allowed: guestWithToken, to: '/category/ALL' },
];

const inputOf = (page: GatedPage, values: SessionValues, resetToken?: string | null): PageAccessInput => ({
  session: createActor(sessionMachine, { input: values }).start(),
  page,
  resetToken,
  currentPath: () => '/setting/order',
});

describe('page access paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  const runs = [
    ...cases.flatMap((c) => [
      { title: `${c.page}, refused`, input: () => inputOf(c.page, c.refused), to: c.to },
      { title: `${c.page}, let in`, input: () => inputOf(c.page, c.allowed), to: undefined },
    ]),
    { title: 'updatePassword without the link token', input: () => inputOf('updatePassword', customer, null), to: '/' },
    { title: 'updatePassword with the link token', input: () => inputOf('updatePassword', visitor, 'reset-1'), to: undefined },
  ];
  for (const run of runs) {
    const plans = planPaths(pageAccessMachine, { input: run.input(), events, serializeState });
    it.each(plans.map((p): [string, PathPlan] => [p.name, p]))(`${run.title}: %s`, (_name, plan) => {
      const result = replay(pageAccessMachine, plan, run.input());
      result.states.forEach((s) => reached.add(s));
      result.transitions.forEach((t) => taken.add(t));
      expect(result.snapshot.value).toEqual(plan.expected.value);
      expect(result.snapshot.context.redirectTo).toBe(run.to);
    });
  }
  it(coverageTitle(pageAccessMachine), () => {
    expect([...allStateIds(pageAccessMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(pageAccessMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('page access follows the session', () => {
  it('sends a shopper who signs in on /signIn to the store, and one who signs out of /setting to /signIn', () => {
    const session = createActor(sessionMachine, { input: visitor }).start();
    const signIn = createActor(pageAccessMachine, { input: { session, page: 'signIn' } }).start();
    const settings = createActor(pageAccessMachine, { input: { session, page: 'settings' } }).start();
    expect(signIn.getSnapshot().value).toBe('open');
    expect(settings.getSnapshot().context.redirectTo).toBe('/signIn');
    session.send({ type: 'session.update', values: { Token: 'tok', cust_name: 'Ada' } });
    expect(signIn.getSnapshot().context.redirectTo).toBe('/store');
    const account = createActor(pageAccessMachine, { input: { session, page: 'settings' } }).start();
    expect(account.getSnapshot().value).toBe('open');
    session.send({ type: 'session.logout' });
    expect(account.getSnapshot().context.redirectTo).toBe('/signIn');
  });
});

describe('page access sends a visitor to sign in and back (seam b6 #3)', () => {
  it('names the page asked for, with its query, as it stands when deciding (one gate serves every /setting/… tab)', () => {
    const session = createActor(sessionMachine, { input: customer }).start();
    let path = '/setting/user';
    const settings = createActor(pageAccessMachine, { input: { session, page: 'settings', currentPath: () => path } }).start();
    expect(settings.getSnapshot().value).toBe('open');
    path = '/setting/order?page=2';
    session.send({ type: 'session.logout' });
    expect(settings.getSnapshot().context.redirectTo).toBe('/signIn?next=%2Fsetting%2Forder%3Fpage%3D2');
    const status = createActor(pageAccessMachine, {
      input: { session, page: 'orderStatus', currentPath: () => '/order/status?order_id=12' },
    }).start();
    expect(status.getSnapshot().context.redirectTo).toBe('/signIn?next=%2Forder%2Fstatus%3Forder_id%3D12');
  });
});

describe('page access while the session is written', () => {
  it('a write that changes nothing it decides on leaves the page open, once (a guest register storing its cart id)', () => {
    const input = inputOf('guestOnly', visitor);
    const actor = createActor(pageAccessMachine, { input }).start();
    let decisions = 0;
    actor.subscribe(() => (decisions += 1));
    // Before the fix this write looped for ever: deciding again restarted the watcher, which was told the same write.
    input.session.send({ type: 'session.update', values: { cart_id: 'cart-1' } });
    input.session.send({ type: 'session.update', values: { Token: 'guest-tok', CustomerId: 9 } });
    expect(actor.getSnapshot().value).toBe('open');
    expect(decisions).toBeLessThan(5);
    input.session.send({ type: 'session.update', values: { cust_name: 'Ada' } });
    expect(actor.getSnapshot().context.redirectTo).toBe('/category/ALL');
  });
});
