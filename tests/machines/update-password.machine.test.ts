import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { MessageReply } from '../../src/api/contract/customer.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { updatePasswordMachine, type PasswordField } from '../../src/machines/auth/update-password.machine.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const changed = {
  type: 'xstate.done.actor.changePassword',
  output: { code: 1, message: 'Password updated. Please sign in with your new password.' },
};
const refused = { type: 'xstate.done.actor.changePassword', output: { code: -1, message: 'Not now.' } };
const deadLink = {
  type: 'xstate.error.actor.changePassword',
  error: new ApiError('This reset link is invalid or has expired. Please ask for a new one.', 0, 401),
};

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('changing')) return [changed, refused, deadLink];
  return [
    { type: 'field.change', field: 'new_password', value: 'new secret 1' },
    { type: 'field.change', field: 'confirm_password', value: 'new secret 1' },
    { type: 'field.change', field: 'confirm_password', value: 'other one 2' },
    { type: 'password.submit' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as { values: object; errors: object; message?: string };
  return JSON.stringify([snapshot.value, c.values, c.errors, c.message ?? null]);
};

describe('update password paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(updatePasswordMachine, { input: { token: 'reset-token' }, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(updatePasswordMachine, plan, { token: 'reset-token' });
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
  });

  it(coverageTitle(updatePasswordMachine), () => {
    expect([...allStateIds(updatePasswordMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(updatePasswordMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('update password behaviour', () => {
  function start(reply: () => Promise<MessageReply>) {
    const calls: unknown[] = [];
    const goToSignIn = vi.fn();
    const notifyChanged = vi.fn();
    const machine = updatePasswordMachine.provide({
      actors: {
        changePassword: fromPromise(async ({ input }) => {
          calls.push(input);
          return reply();
        }),
      },
      actions: { goToSignIn, notifyChanged },
    });
    const actor = createActor(machine, { input: { token: 'reset-token' } }).start();
    const fill = (values: Partial<Record<PasswordField, string>>) => {
      for (const [field, value] of Object.entries(values) as [PasswordField, string][]) actor.send({ type: 'field.change', field, value });
    };
    return { actor, calls, goToSignIn, notifyChanged, fill };
  }

  it('reports every invalid field with the spec words, and a mismatch', () => {
    const t = start(async () => ({ code: 1 }));
    t.actor.send({ type: 'password.submit' });
    expect(t.actor.getSnapshot().context.errors).toEqual({
      new_password: 'New password is required.',
      confirm_password: 'Confirm password is required.',
    });
    t.fill({ new_password: 'short', confirm_password: 'different' });
    t.actor.send({ type: 'password.submit' });
    expect(t.actor.getSnapshot().context.errors).toEqual({
      new_password: 'Password must be at least 8 characters.',
      confirm_password: 'Passwords must match',
    });
    expect(t.calls).toEqual([]);
  });

  it('sends the token and both passwords, then goes to sign in', async () => {
    const t = start(async () => ({ code: 1, message: 'Password updated. Please sign in with your new password.' }));
    t.fill({ new_password: 'new secret 1', confirm_password: 'new secret 1' });
    t.actor.send({ type: 'password.submit' });
    await vi.waitFor(() => expect(t.goToSignIn).toHaveBeenCalledOnce());
    expect(t.calls).toEqual([{ reset_token: 'reset-token', new_password: 'new secret 1', confirm_password: 'new secret 1' }]);
    expect(t.notifyChanged).toHaveBeenCalledWith(expect.anything(), { message: 'Password updated. Please sign in with your new password.' });
  });

  const failures: [string, () => Promise<MessageReply>, string][] = [
    ['a refusal', async () => ({ code: -1, message: 'Not now.' }), 'Not now.'],
    ['a refusal without words', async () => ({ code: -1 }), 'Something Went Wrong.'],
    [
      'a dead link (401)',
      () => Promise.reject(new ApiError('This reset link is invalid or has expired. Please ask for a new one.', 0, 401)),
      'This reset link is invalid or has expired. Please ask for a new one.',
    ],
    ['no network', () => Promise.reject(new ApiError('You are not connected to internet', 500, 0)), 'You are not connected to internet'],
    ['an unexpected failure', () => Promise.reject(new Error('boom')), 'Something Went Wrong.'],
  ];
  it.each(failures)("%s shows the server's message", async (_name, reply, message) => {
    const t = start(reply);
    t.fill({ new_password: 'new secret 1', confirm_password: 'new secret 1' });
    t.actor.send({ type: 'password.submit' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.message).toBe(message));
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.goToSignIn).not.toHaveBeenCalled();
  });
});
