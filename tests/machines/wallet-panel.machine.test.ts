import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { WalletIndexReply } from '../../src/api/contract/wallet.contract.ts';
import { walletPanelMachine, type WalletPanelContext, type WalletRedemptionStart } from '../../src/machines/wallet/wallet-panel.machine.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';
import { walletRows } from './wallet-fixtures.ts';

const { label } = labelled();
const loaded = label('loadWallet: three rows', done('loadWallet', { code: 1, data: walletRows }));
const refused = label('loadWallet: code -1', done('loadWallet', { code: -1, message: 'Not now' }));
const offline = label('loadWallet: offline', failed('loadWallet'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded, refused, offline];
  if (snapshot.matches('failed')) return [{ type: 'wallet.retry' }];
  if (snapshot.matches('ready'))
    return [
      { type: 'wallet.state.select', state: 'NY' },
      { type: 'wallet.state.select', state: 'IL' },
      { type: 'wallet.state.select', state: 'TX' },
      { type: 'wallet.category.select', category: 2 },
      { type: 'wallet.category.select', category: 4 },
      { type: 'wallet.category.select', category: 5 },
      { type: 'wallet.redeem' },
    ];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as WalletPanelContext;
  return JSON.stringify([snapshot.value, c.filter, c.customerId]);
};

describe('wallet panel paths for a customer', () => {
  const input = { customerId: 7 };
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(walletPanelMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(walletPanelMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    expect((result.snapshot.context as WalletPanelContext).filter).toEqual((plan.expected.context as WalletPanelContext).filter);
  });
  it(coverageTitle(walletPanelMachine), () => {
    expect([...allStateIds(walletPanelMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(walletPanelMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('wallet panel behaviour', () => {
  function start() {
    const redeemed: WalletRedemptionStart[] = [];
    const machine = walletPanelMachine.provide({
      actors: { loadWallet: fromPromise<WalletIndexReply, { customerId: number }>(async () => ({ code: 1, data: walletRows })) },
      actions: { goToRedemption: (_, params) => void redeemed.push(params) },
    });
    const actor = createActor(machine, { input: { customerId: 7 } }).start();
    return { actor, redeemed };
  }

  it('needs a state and something left before REDEEM NOW goes on, with the filters as navigation state', async () => {
    const { actor, redeemed } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'wallet.redeem' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'wallet.state.select', state: 'NY' });
    // 2 star is used up in NY: chosen, nothing is left to redeem.
    actor.send({ type: 'wallet.category.select', category: 2 });
    actor.send({ type: 'wallet.redeem' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'wallet.category.select', category: 4 });
    actor.send({ type: 'wallet.redeem' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(redeemed).toEqual([{ customerId: 7, state: 'NY', category: 4 }]);
  });

  it('refuses a category with no rows in the state, and drops the category when a new state has none of it', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'wallet.state.select', state: 'IL' });
    actor.send({ type: 'wallet.category.select', category: 2 });
    expect(actor.getSnapshot().context.filter).toEqual({ state: 'IL', category: 0 });
    actor.send({ type: 'wallet.state.select', state: 'NY' });
    actor.send({ type: 'wallet.category.select', category: 2 });
    actor.send({ type: 'wallet.state.select', state: 'IL' });
    expect(actor.getSnapshot().context.filter).toEqual({ state: 'IL', category: 0 });
  });
});
