import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { ApiError } from '../../src/api/http.ts';
import { selectWalletVisit } from '../../src/machines/cart/index.ts';
import { walletVisitMachine, type WalletVisitContext, type WalletVisitInput } from '../../src/machines/cart/wallet-visit.machine.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

// 9:00 in New York on Dec 1: the restaurant seats guests from 12:00 to 21:00 (it closes at 22:00).
const now = () => new Date('2026-12-01T14:00:00Z');
const input: WalletVisitInput = { cartId: 'cart-abc', vendorLocId: 501, hours: { opens_at: '12:00', closes_at: '22:00' }, now };
const refusal = new ApiError('Dining date and time is required', -1, 400, [{ field: 'dinein_time', message: 'Dining date and time is required' }]);

const { label } = labelled();
const tomorrow = label('visit.date.change: tomorrow', { type: 'visit.date.change' as const, date: '2026-12-02' });
const seven = label('visit.time.change: 19:00', { type: 'visit.time.change' as const, time: '19:00' });
const save = { type: 'visit.save' as const };
const kept = label('keepVisit: kept', done('keepVisit', { code: 1, message: 'Your date and time are kept.' }));
const refused = label('keepVisit: refused', failed('keepVisit', refusal));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as WalletVisitContext;
  if (snapshot.matches('saving')) return [kept, refused];
  if (snapshot.matches('kept')) return [];
  return [...(c.date === c.today ? [tomorrow] : []), ...(c.time === '' ? [seven] : []), save];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as WalletVisitContext;
  return JSON.stringify([snapshot.value, c.date, c.time, c.problem ?? null]);
};

describe('wallet visit paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(walletVisitMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const result = replay(walletVisitMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    // SAVE without a time says what is missing; a refusal says the server's words and the choice stays.
    if (plan.events.at(-1) === save && result.snapshot.matches('choosing')) {
      expect(result.snapshot.context.problem).toBe('Dining date and time is required');
    }
    if (plan.events.at(-1) === refused) expect(result.snapshot.context).toMatchObject({ time: '19:00', problem: 'Dining date and time is required' });
  });

  it(coverageTitle(walletVisitMachine), () => {
    expect([...allStateIds(walletVisitMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(walletVisitMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('wallet visit behaviour', () => {
  it('offers the times the restaurant seats guests (today only those ahead), sends the visit kept and tells the cart', () => {
    let told = 0;
    const machine = walletVisitMachine.provide({ actions: { visitKept: () => void (told += 1) } });
    const result = replay(machine, { events: [seven, tomorrow, save, kept] }, input);
    expect(result.snapshot.value).toBe('kept');
    expect(told).toBe(1);
    const view = selectWalletVisit(replay(walletVisitMachine, { events: [] }, input).snapshot);
    expect(view).toMatchObject({ today: '2026-12-01', date: '2026-12-01', time: '', saving: false });
    expect(view.times[0]).toBe('12:00');
    expect(view.times.at(-1)).toBe('21:00');
  });

  it('a date before today is not taken; a date whose times do not hold the chosen one clears it', () => {
    const past = replay(walletVisitMachine, { events: [seven, { type: 'visit.date.change', date: '2026-11-30' }] }, input).snapshot;
    expect(past.context).toMatchObject({ date: '2026-12-01', time: '19:00' });
    const closedLate = { ...input, hours: { opens_at: '12:00', closes_at: '15:00' } };
    const cleared = replay(walletVisitMachine, { events: [{ type: 'visit.time.change', time: '14:00' }, tomorrow] }, closedLate).snapshot;
    expect(cleared.context).toMatchObject({ date: '2026-12-02', time: '14:00' });
    const late = replay(walletVisitMachine, { events: [seven, tomorrow] }, closedLate).snapshot;
    expect(late.context).toMatchObject({ date: '2026-12-02', time: '' });
  });
});
