import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { MessageReply } from '../../src/api/contract/customer.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { accountMenuMachine } from '../../src/machines/account/account-menu.machine.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const stored = { Token: 'token-ada', CustomerId: 42, cust_name: 'Ada Lovelace', cart_id: 'cart-ada', zipcode: '10001' };
const events = [
  { type: 'account.logout' },
  { type: 'xstate.done.actor.logOut', output: { code: 1, message: 'You are signed out.' } },
  { type: 'xstate.error.actor.logOut', error: new ApiError('Please sign in again.', 0, 401) },
];

describe('account menu paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const input = () => ({ session: createActor(sessionMachine, { input: stored }).start() });
  const plans = planPaths(accountMenuMachine, { input: input(), events, serializeState: (s) => JSON.stringify(s.value) });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const args = input();
    const result = replay(accountMenuMachine, plan, args);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const session = args.session.getSnapshot().context;
    if (result.snapshot.matches('loggedOut')) expect(session.Token).toBeUndefined();
    else expect(session).toEqual(stored);
  });

  it(coverageTitle(accountMenuMachine), () => {
    expect([...allStateIds(accountMenuMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(accountMenuMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('logout', () => {
  const outcomes: [string, () => Promise<MessageReply>][] = [
    ['the server ends the session', () => Promise.resolve({ code: 1, message: 'You are signed out.' })],
    ['the server cannot be reached', () => Promise.reject(new ApiError('You are not connected to internet', 500, 0))],
  ];
  it.each(outcomes)('%s: the session is forgotten and the app reloads at /', async (_name, reply) => {
    const session = createActor(sessionMachine, { input: stored }).start();
    const goHome = vi.fn();
    let calls = 0;
    const machine = accountMenuMachine.provide({
      actors: {
        logOut: fromPromise(() => {
          calls += 1;
          // The token must still be there when the call goes out.
          expect(session.getSnapshot().context.Token).toBe('token-ada');
          return reply();
        }),
      },
      actions: { goHome },
    });
    const actor = createActor(machine, { input: { session } }).start();
    actor.send({ type: 'account.logout' });
    await vi.waitFor(() => expect(goHome).toHaveBeenCalledOnce());
    expect(calls).toBe(1);
    expect(session.getSnapshot().context).toEqual({});
  });
});
