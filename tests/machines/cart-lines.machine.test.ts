import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CartLine, CartReply } from '../../src/api/contract/cart-page.contract.ts';
import { cartLinesMachine, type CartLinesContext, type CartLinesReport } from '../../src/machines/cart/cart-lines.machine.ts';
import { baseCart, cart, chicken, ok, ribeye, salmon } from './cart-fixtures.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';
import { reportRecorder } from './report-recorder.ts';

const moreRibeye = cart([{ ...ribeye, qty: 3, row_total: '60.00' }, chicken, salmon]);
const withoutSalmon = cart([ribeye, chicken]);
const stockRefusal: CartReply = { code: -1, message: 'Only 2 left in stock.', data: baseCart };

const change = (cartRid: number, qty: number) => ({ type: 'lines.change' as const, cartRid, qty });
const remove = (cartRid: number) => ({ type: 'lines.remove' as const, cartRid });
const sync = (lines: CartLine[]) => ({ type: 'lines.sync' as const, lines });

const { label } = labelled();
const afterDebounce = label('800 ms pass', { type: 'xstate.after.quantityDebounce.cartLines.debouncing' });
const loaded = label('lines.sync: the cart', sync(baseCart.result));
const synced = label('lines.sync: ribeye 3', sync(moreRibeye.result));
const updated = label('updateItem: ok', done('updateItem', ok(moreRibeye)));
const updateRefused = label('updateItem: refused', done('updateItem', stockRefusal));
const updateFailed = label('updateItem: offline', failed('updateItem'));
/** The ribeye's stock fell to 2 meanwhile: a quantity above it is refused, and 2 can still be had. */
const fewerRibeye = cart([{ ...ribeye, qty: 1, stock: 2 }, chicken, salmon]);
const updateCapped = label('updateItem: refused, 2 in stock', done('updateItem', { code: -1, message: 'Only 2 left in stock.', data: fewerRibeye }));
const deleted = label('deleteItem: ok', done('deleteItem', ok(withoutSalmon)));
const deletedLast = label('deleteItem: cart now empty', done('deleteItem', ok(cart([]))));
const deleteRefused = label('deleteItem: refused', done('deleteItem', stockRefusal));
const deleteFailed = label('deleteItem: offline', failed('deleteItem'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as CartLinesContext;
  const hasSalmon = c.lines.some((l) => l.cart_rid === 3);
  if (snapshot.matches('updating')) {
    const during = [...(c.pending[1] !== 4 ? [change(1, 4)] : []), ...(hasSalmon && !c.batch.includes(3) ? [remove(3)] : [])];
    return [updated, updateRefused, updateCapped, updateFailed, ...during];
  }
  if (snapshot.matches('deleting'))
    return [deleted, deletedLast, deleteRefused, deleteFailed, ...(c.pending[1] !== 4 ? [change(1, 4)] : []), remove(3)];
  if (snapshot.matches('debouncing')) return [change(1, 3), ...(hasSalmon ? [remove(3)] : []), { type: 'lines.flush' }, afterDebounce];
  if (c.lines.length === 0) return [loaded];
  return [change(1, 3), change(1, 2), change(99, 1), change(1, Number.NaN), ...(hasSalmon ? [remove(3)] : []), remove(99), synced];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CartLinesContext;
  return JSON.stringify([snapshot.value, c.lines.map((l) => `${l.cart_rid}x${l.qty}`).join(','), c.pending, c.batch, c.sending ?? null]);
};

const input = () => ({ owner: reportRecorder<CartLinesReport>(), cartId: 'cart-abc' });

describe('cart line queue paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(cartLinesMachine, { input: input(), events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
    const args = input();
    const result = replay(cartLinesMachine, plan, args);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const reports = args.owner.getSnapshot().context.reports.map((r) => r.type);
    // The cart hears when the queue is done with the last line, and when nothing waits any more.
    if (result.snapshot.value === 'emptied') expect(reports.at(-1)).toBe('lines.emptied');
    if (result.snapshot.value === 'idle') expect(reports.at(-1)).toBe('lines.settled');
    // Nothing waits in idle; a sent quantity is never also still pending unless it changed since.
    if (result.snapshot.value === 'idle') expect(result.snapshot.context.pending).toEqual({});
  });

  it(coverageTitle(cartLinesMachine), () => {
    expect([...allStateIds(cartLinesMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(cartLinesMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('cart line queue behaviour', () => {
  it('raises a line no higher than its stock, and a quantity refused for its stock goes to the most in stock', async () => {
    vi.useFakeTimers();
    try {
      const updates: { qty: number }[] = [];
      const beef = { ...ribeye, qty: 5, stock: 15 };
      const machine = cartLinesMachine.provide({
        actors: {
          updateItem: fromPromise(async ({ input }) => {
            updates.push({ qty: input.qty });
            // The stock fell to 12 meanwhile: the server refuses 15 with the cart as it stands, then takes 12.
            if (input.qty > 12) return { code: -1, message: 'Only 12 left in stock.', data: cart([{ ...beef, stock: 12 }]) };
            return ok(cart([{ ...beef, qty: input.qty, stock: 12 }]));
          }),
        },
      });
      const owner = reportRecorder<CartLinesReport>();
      const actor = createActor(machine, { input: { owner, cartId: 'cart-abc' } }).start();
      actor.send(sync([beef]));
      actor.send(change(1, 16));
      expect(actor.getSnapshot().context.pending).toEqual({ 1: 15 });
      await vi.advanceTimersByTimeAsync(800);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
      expect(updates).toEqual([{ qty: 15 }, { qty: 12 }]);
      expect(actor.getSnapshot().context.lines.map((l) => l.qty)).toEqual([12]);
      expect(owner.getSnapshot().context.reports.map((r) => r.type)).toEqual(['lines.settled', 'lines.refused', 'lines.saved', 'lines.settled']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the line’s product with its quantity, and reports the cart, then that it is settled', async () => {
    vi.useFakeTimers();
    try {
      const updates: unknown[] = [];
      const machine = cartLinesMachine.provide({
        actors: {
          updateItem: fromPromise(async ({ input }) => {
            updates.push(input);
            return ok(moreRibeye);
          }),
        },
      });
      const owner = reportRecorder<CartLinesReport>();
      const actor = createActor(machine, { input: { owner, cartId: 'cart-abc' } }).start();
      actor.send(sync(baseCart.result));
      actor.send(change(1, 3));
      expect(actor.getSnapshot().hasTag('debouncing')).toBe(true);
      await vi.advanceTimersByTimeAsync(800);
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
      expect(updates).toEqual([{ cart_id: 'cart-abc', cart_rid: 1, qty: 3, product_id: ribeye.product_id }]);
      expect(owner.getSnapshot().context.reports).toEqual([
        { type: 'lines.settled' },
        { type: 'lines.saved', reply: ok(moreRibeye) },
        { type: 'lines.settled' },
      ]);
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
