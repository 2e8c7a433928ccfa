import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { WalletVendorsReply } from '../../src/api/contract/wallet.contract.ts';
import { deliveryOptionMessages } from '../../src/rules/messages.ts';
import {
  walletRetailersMachine,
  walletTimesShown,
  type WalletRetailersContext,
  type WalletVisit,
} from '../../src/machines/wallet/wallet-retailers.machine.ts';
import type { WalletRedemptionStart } from '../../src/machines/wallet/wallet-panel.machine.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';
import { retailers, walletNow as now } from './wallet-fixtures.ts';

const { label } = labelled();
const loaded = label('loadRetailers: two', done('loadRetailers', { code: 1, data: retailers }));
const refused = label('loadRetailers: code -1', done('loadRetailers', { code: -1, message: 'Not now' }));
const offline = label('loadRetailers: offline', failed('loadRetailers'));
const start = { customerId: 7, state: 'NY', category: 4 as const };

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded, refused, offline];
  if (snapshot.matches('failed')) return [{ type: 'retailers.retry' }];
  if (snapshot.matches('choosing'))
    return [
      { type: 'retailer.select', locationId: 910201 },
      { type: 'retailer.select', locationId: 910101 },
      { type: 'retailer.select', locationId: 1 },
      { type: 'time.change', time: '19:00' },
      { type: 'time.change', time: '13:30' },
      { type: 'time.change', time: '16:00' },
      { type: 'date.change', date: '2026-11-30' },
      { type: 'date.change', date: '2026-12-02' },
      { type: 'visit.submit' },
    ];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as WalletRetailersContext;
  return JSON.stringify([snapshot.value, c.retailerId, c.date, c.time, c.problems]);
};

describe.each([
  { who: 'from REDEEM NOW', input: { start, now } },
  { who: 'opened directly', input: { start: undefined, now } },
])('wallet retailers paths $who', ({ input }) => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(walletRetailersMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(walletRetailersMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const pick = (c: unknown) => {
      const { retailerId, date, time, problems } = c as WalletRetailersContext;
      return { retailerId, date, time, problems };
    };
    expect(pick(result.snapshot.context)).toEqual(pick(plan.expected.context));
  });
  if (input.start) {
    it(coverageTitle(walletRetailersMachine), () => {
      expect([...allStateIds(walletRetailersMachine)].filter((s) => !reached.has(s) && !s.endsWith('noStart'))).toEqual([]);
      expect([...allTransitions(walletRetailersMachine)].filter((t) => !taken.has(t) && !t.includes('noStart'))).toEqual([]);
    });
  }
});

describe('wallet retailers behaviour', () => {
  it('names what is missing, then goes on with the retailer, date and time', async () => {
    const visits: WalletVisit[] = [];
    const machine = walletRetailersMachine.provide({
      actors: { loadRetailers: fromPromise<WalletVendorsReply, WalletRedemptionStart>(async () => ({ code: 1, data: retailers })) },
      actions: { goToProducts: (_, params) => void visits.push(params) },
    });
    const actor = createActor(machine, { input: { start, now } }).start();
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(walletTimesShown(actor.getSnapshot().context)).toEqual([]);
    actor.send({ type: 'visit.submit' });
    expect(actor.getSnapshot().context.problems).toEqual({
      retailer: deliveryOptionMessages.retailerRequired,
      dateTime: deliveryOptionMessages.visitTimeRequired,
    });
    // Lunch at the oyster bar, then the 5 pm restaurant: 13:00 is not one of its tables, so it is dropped.
    actor.send({ type: 'retailer.select', locationId: 910101 });
    actor.send({ type: 'time.change', time: '13:00' });
    expect(actor.getSnapshot().context.time).toBe('13:00');
    actor.send({ type: 'retailer.select', locationId: 910201 });
    expect(actor.getSnapshot().context.time).toBe('');
    expect(walletTimesShown(actor.getSnapshot().context)).toEqual([
      '17:00',
      '17:30',
      '18:00',
      '18:30',
      '19:00',
      '19:30',
      '20:00',
      '20:30',
      '21:00',
      '21:30',
      '22:00',
    ]);
    actor.send({ type: 'time.change', time: '13:00' });
    expect(actor.getSnapshot().context.time).toBe('');
    actor.send({ type: 'time.change', time: '19:00' });
    // A past date offers no time: the time goes with it.
    actor.send({ type: 'date.change', date: '2026-11-30' });
    expect(actor.getSnapshot().context.time).toBe('');
    actor.send({ type: 'visit.submit' });
    expect(actor.getSnapshot().context.problems).toEqual({ dateTime: deliveryOptionMessages.visitTimeRequired });
    actor.send({ type: 'date.change', date: '2026-12-02' });
    actor.send({ type: 'time.change', time: '19:00' });
    actor.send({ type: 'visit.submit' });
    expect(visits).toEqual([{ customerId: 7, state: 'NY', category: 4, retailerId: 910201, date: '2026-12-02', time: '19:00' }]);
  });
});
