import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { GuestCartReply } from '../../src/api/contract/customer.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { guestRegisterMachine } from '../../src/machines/auth/guest-register.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const created = {
  type: 'xstate.done.actor.registerGuest',
  output: { code: 1, data: { customer_id: 77, api_token: 'guest-token', cart_id: 'guest-cart' } },
};
const refused = { type: 'xstate.done.actor.registerGuest', output: { code: -1, message: 'Not now.' } };
const notFound = { type: 'xstate.error.actor.registerGuest', error: new ApiError('Cart not found', 0, 404) };

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('registering')) return [created, refused, notFound];
  return [
    { type: 'field.change', field: 'email', value: 'guest@example.com' },
    { type: 'field.change', field: 'email', value: 'guest@' },
    { type: 'guest.submit' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as { email: string; error?: string; message?: string };
  return JSON.stringify([snapshot.value, c.email, c.error ?? null, c.message ?? null]);
};

const stored: SessionValues = { zipcode: '10001', location: 101, cart_id: 'guest-cart', total_products_in_cart: 2 };

describe('guest register paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const input = () => ({ session: createActor(sessionMachine, { input: stored }).start() });
  const plans = planPaths(guestRegisterMachine, { input: input(), events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const args = input();
    const result = replay(guestRegisterMachine, plan, args);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const session = args.session.getSnapshot().context;
    if (result.snapshot.matches('registered')) expect(session).toMatchObject({ Token: 'guest-token', CustomerId: 77, cart_id: 'guest-cart' });
    else expect(session).toEqual(stored);
  });

  it(coverageTitle(guestRegisterMachine), () => {
    expect([...allStateIds(guestRegisterMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(guestRegisterMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('guest register behaviour', () => {
  function start(reply: () => Promise<GuestCartReply>) {
    const session = createActor(sessionMachine, { input: stored }).start();
    const calls: unknown[] = [];
    const goToCart = vi.fn();
    const machine = guestRegisterMachine.provide({
      actors: {
        registerGuest: fromPromise(async ({ input }) => {
          calls.push(input);
          return reply();
        }),
      },
      actions: { goToCart },
    });
    const actor = createActor(machine, { input: { session } }).start();
    return { actor, session, calls, goToCart };
  }

  it('checks the email with the spec words', () => {
    const t = start(async () => ({ code: 1 }));
    t.actor.send({ type: 'guest.submit' });
    expect(t.actor.getSnapshot().context.error).toBe('Email is required.');
    t.actor.send({ type: 'field.change', field: 'email', value: 'guest@' });
    expect(t.actor.getSnapshot().context.error).toBeUndefined();
    t.actor.send({ type: 'guest.submit' });
    expect(t.actor.getSnapshot().context.error).toBe('Email must be in email format.');
    expect(t.calls).toEqual([]);
  });

  it("sends the session's cart, stores the guest's token and goes to the cart", async () => {
    const t = start(async () => ({ code: 1, data: { customer_id: 77, api_token: 'guest-token', cart_id: 'guest-cart' } }));
    t.actor.send({ type: 'field.change', field: 'email', value: ' guest@example.com ' });
    t.actor.send({ type: 'guest.submit' });
    await vi.waitFor(() => expect(t.goToCart).toHaveBeenCalledOnce());
    expect(t.calls).toEqual([{ customer_email: 'guest@example.com', cart_id: 'guest-cart' }]);
    const session = t.session.getSnapshot().context;
    expect(session).toMatchObject({ Token: 'guest-token', CustomerId: 77, cart_id: 'guest-cart', total_products_in_cart: 2 });
    // A guest has no name: the header still greets a guest and the auth screens stay open to them.
    expect(session.cust_name).toBeUndefined();
  });

  const failures: [string, () => Promise<GuestCartReply>, string][] = [
    ['a refusal', async () => ({ code: -1, message: 'Not now.' }), 'Not now.'],
    ['a refusal without words', async () => ({ code: -1 }), 'Something Went Wrong.'],
    ['a cart that is not a guest cart', () => Promise.reject(new ApiError('Cart not found', 0, 404)), 'Cart not found'],
    ['no network', () => Promise.reject(new ApiError('You are not connected to internet', 500, 0)), 'You are not connected to internet'],
    ['an unexpected failure', () => Promise.reject(new Error('boom')), 'Something Went Wrong.'],
  ];
  it.each(failures)('%s shows its message', async (_name, reply, message) => {
    const t = start(reply);
    t.actor.send({ type: 'field.change', field: 'email', value: 'guest@example.com' });
    t.actor.send({ type: 'guest.submit' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.message).toBe(message));
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.session.getSnapshot().context).toEqual(stored);
  });
});
