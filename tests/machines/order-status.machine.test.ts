import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { OrderStatusReply } from '../../src/api/contract/checkout.contract.ts';
import type { SubstitutionReply } from '../../src/api/contract/fulfilment.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import {
  orderRefreshMs,
  orderStatusMachine,
  orderStatusMessages,
  type OrderStatusContext,
  type SubstitutionAnswer,
} from '../../src/machines/account/order-status.machine.ts';
import { selectOrderActionable, selectRefusalQuestion } from '../../src/machines/account/index.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { selectSessionValues } from '../../src/machines/app/index.ts';
import { done, failed, labelled } from './machine-events.ts';
import { order } from './order-fixtures.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

// Its one line has a substitute proposed (item 7): refusing it would end the order, so the page asks first.
const placed = order('100000123', 'Local Delivery');
const processing = { ...placed, items: placed.items.map((i) => ({ ...i, item_id: 7, substitution_state: 'proposed' as const })) };
const complete = { ...processing, status: 'complete' };
const answered = (output: OrderStatusReply) => done('loadOrderStatus', output);

const { label } = labelled();
const loaded = label('loadOrderStatus: processing', answered({ code: 1, data: processing }));
const loadedLater = label('loadOrderStatus: complete', answered({ code: 1, data: complete }));
const refused = label('loadOrderStatus: code -1', answered({ code: -1, message: 'Not now' }));
const notTheirs = label('loadOrderStatus: 404', failed('loadOrderStatus', new ApiError('Order not found', 0, 404)));
const offline = label('loadOrderStatus: offline', failed('loadOrderStatus'));
const refreshTimer = label('after 60 s', { type: 'xstate.after.refreshInterval.orderStatus.shown' });
// Decision 039: the shopper answers a proposed substitute; the answer is saved or refused.
const approve = label('order.substitution approve', { type: 'order.substitution', itemId: 7, approve: true });
const refuse = label('order.substitution refuse', { type: 'order.substitution', itemId: 7, approve: false });
const answerSaved = label('answerSubstitution: saved', done('answerSubstitution', { code: 1, data: { order_id: '100000123', item_id: 7 } }));
const answerRefused = label(
  'answerSubstitution: 409',
  failed('answerSubstitution', new ApiError('This substitute can no longer be changed: the order is packed.', -1, 409)),
);

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('loading')) return [loaded, refused, notTheirs, offline];
  if (snapshot.matches('shown')) return [refreshTimer, { type: 'order.refresh' }, approve, refuse];
  if (snapshot.matches('confirmingRefusal')) return [{ type: 'order.refusal.confirm' }, { type: 'order.refusal.keep' }];
  if (snapshot.matches('answering')) return [answerSaved, answerRefused];
  if (snapshot.matches('refreshing')) return [loadedLater, refused, offline, { type: 'order.refresh' }];
  if (snapshot.matches('failed')) return [{ type: 'order.retry' }];
  return [];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as OrderStatusContext;
  return JSON.stringify([snapshot.value, c.order?.status, c.loadError, c.answerError]);
};

describe('order status paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const orderId of ['100000123', undefined, 'abc']) {
    const plans = planPaths(orderStatusMachine, { input: { orderId }, events: eventsFor, serializeState });
    it.each(plans.map((p): [string, PathPlan] => [`${orderId ?? '(none)'}: ${p.name}`, p]))('%s', (_name, plan) => {
      const result = replay(orderStatusMachine, plan, { orderId });
      result.transitions.forEach((t) => taken.add(t));
      result.states.forEach((s) => reached.add(s));
      expect(result.snapshot.value).toEqual(plan.expected.value);
      expect((result.snapshot.context as OrderStatusContext).order?.status).toBe((plan.expected.context as OrderStatusContext).order?.status);
    });
  }

  it(coverageTitle(orderStatusMachine), () => {
    expect([...allStateIds(orderStatusMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(orderStatusMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('order status behaviour', () => {
  it('asks again every minute and keeps the order shown when a refresh fails', async () => {
    vi.useFakeTimers();
    try {
      const replies: (() => Promise<OrderStatusReply>)[] = [
        async () => ({ code: 1, data: processing }),
        async () => Promise.reject(new ApiError('You are not connected to internet', 500, 0)),
        async () => ({ code: 1, data: complete }),
      ];
      const asked: string[] = [];
      const machine = orderStatusMachine.provide({
        actors: {
          loadOrderStatus: fromPromise<OrderStatusReply, { orderId: string }>(({ input }) => {
            asked.push(input.orderId);
            const next = replies.shift();
            if (!next) throw new Error('asked too often');
            return next();
          }),
        },
      });
      const actor = createActor(machine, { input: { orderId: ' 100000123 ' } }).start();
      await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
      expect(actor.getSnapshot().context.order?.status).toBe('processing');
      await vi.advanceTimersByTimeAsync(orderRefreshMs);
      expect(actor.getSnapshot().value).toBe('shown');
      expect(actor.getSnapshot().context.order?.status).toBe('processing');
      await vi.advanceTimersByTimeAsync(orderRefreshMs);
      expect(actor.getSnapshot().context.order?.status).toBe('complete');
      expect(asked).toEqual(['100000123', '100000123', '100000123']);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a failed payment's order: the cart its items went back to becomes the session's, badge and all (QA walk: the badge read 0)", async () => {
    const failedOrder = { ...processing, status: 'payment failed' };
    const machine = orderStatusMachine.provide({
      actors: {
        loadOrderStatus: fromPromise<OrderStatusReply, { orderId: string }>(async () => ({
          code: 1,
          data: failedOrder,
          current_cart: { cart_id: 'cart-back', total_items_count: 2 },
        })),
      },
    });
    const session = createActor(sessionMachine, { input: { Token: 'token-ada', CustomerId: 42 } }).start();
    const actor = createActor(machine, { input: { orderId: '100000123', session } }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    expect(selectSessionValues(session.getSnapshot())).toMatchObject({ cart_id: 'cart-back', total_products_in_cart: 2 });
    // Without a cart named (any other order), the session is left as it is.
    const other = createActor(sessionMachine, { input: { Token: 'token-ada', CustomerId: 42 } }).start();
    const plain = orderStatusMachine.provide({
      actors: { loadOrderStatus: fromPromise<OrderStatusReply, { orderId: string }>(async () => ({ code: 1, data: processing })) },
    });
    const shown = createActor(plain, { input: { orderId: '100000123', session: other } }).start();
    await vi.waitFor(() => expect(shown.getSnapshot().value).toBe('shown'));
    expect(selectSessionValues(other.getSnapshot()).total_products_in_cart).toBeUndefined();
    actor.stop();
    shown.stop();
  });

  it("enables the shopper's answer and refresh exactly where the machine takes them (a click elsewhere would be dropped)", async () => {
    const seen = new Map<string, boolean>();
    let answer = (_reply: SubstitutionReply) => undefined as void;
    const replies = [Promise.resolve<OrderStatusReply>({ code: 1, data: processing }), new Promise<OrderStatusReply>(() => undefined)];
    const machine = orderStatusMachine.provide({
      actors: {
        loadOrderStatus: fromPromise<OrderStatusReply, { orderId: string }>(() => replies.shift() ?? Promise.reject(new Error('asked too often'))),
        answerSubstitution: fromPromise<SubstitutionReply, { orderId: string; answer: SubstitutionAnswer | undefined }>(
          () => new Promise((resolve) => (answer = resolve)),
        ),
      },
    });
    const actor = createActor(machine, { input: { orderId: '100000123' } });
    actor.subscribe((s) => {
      seen.set(String(s.value), selectOrderActionable(s));
      expect(selectOrderActionable(s), String(s.value)).toBe(s.can({ type: 'order.substitution', itemId: 7, approve: true }));
    });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('shown'));
    actor.send({ type: 'order.substitution', itemId: 7, approve: true });
    answer({ code: 1, data: { order_id: '100000123', item_id: 7 } });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('refreshing'));
    expect(Object.fromEntries(seen)).toEqual({ loading: false, shown: true, answering: false, refreshing: false });
    actor.stop();
  });

  it('asks before a refusal that ends the order or a part, and sends any other refusal at once (QA walk 9 #6)', async () => {
    const sent: (SubstitutionAnswer | undefined)[] = [];
    const start = (data: OrderStatusReply['data']) => {
      const machine = orderStatusMachine.provide({
        actors: {
          loadOrderStatus: fromPromise<OrderStatusReply, { orderId: string }>(async () => ({ code: 1, data })),
          answerSubstitution: fromPromise<SubstitutionReply, { orderId: string; answer: SubstitutionAnswer | undefined }>(async ({ input }) => {
            sent.push(input.answer);
            return { code: 1, data: { order_id: '100000123', item_id: 7 } };
          }),
        },
      });
      return createActor(machine, { input: { orderId: '100000123' } }).start();
    };
    // The order's last line: asked, nothing sent; Go back leaves the substitute proposed.
    const last = start(processing);
    await vi.waitFor(() => expect(last.getSnapshot().value).toBe('shown'));
    last.send({ type: 'order.substitution', itemId: 7, approve: false });
    expect(last.getSnapshot().value).toBe('confirmingRefusal');
    expect(selectRefusalQuestion(last.getSnapshot())?.question).toBe(
      'Refuse the substitute for Ribeye? Refusing it leaves nothing in this order: it will be canceled, and anything you paid is given back.',
    );
    last.send({ type: 'order.refusal.keep' });
    expect(last.getSnapshot().value).toBe('shown');
    expect(sent).toEqual([]);
    // Confirmed: the refusal is sent.
    last.send({ type: 'order.substitution', itemId: 7, approve: false });
    last.send({ type: 'order.refusal.confirm' });
    await vi.waitFor(() => expect(sent).toEqual([{ itemId: 7, approve: false }]));
    // Another line of the same seller goes on: nothing ends, nothing is asked.
    const [line] = processing.items;
    if (!line) throw new Error('no line');
    const two = start({ ...processing, items: [line, { ...line, item_id: 8, substitution_state: null, product_name: 'Wings' }] });
    await vi.waitFor(() => expect(two.getSnapshot().value).toBe('shown'));
    two.send({ type: 'order.substitution', itemId: 7, approve: false });
    expect(two.getSnapshot().value).not.toBe('confirmingRefusal');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    // The other line is another seller's: only this seller's part would end, and the question says so.
    const parts = start({ ...processing, items: [line, { ...line, item_id: 8, substitution_state: null, vendor_name: 'Fulton Fish Co.' }] });
    await vi.waitFor(() => expect(parts.getSnapshot().value).toBe('shown'));
    parts.send({ type: 'order.substitution', itemId: 7, approve: false });
    expect(selectRefusalQuestion(parts.getSnapshot())?.question).toBe(
      "Refuse the substitute for Ribeye? Refusing it leaves nothing in Chelsea Butcher's part: that part will be canceled, and anything you paid for it is given back; the rest of your order goes on.",
    );
    // Approving never asks.
    parts.send({ type: 'order.refusal.keep' });
    parts.send({ type: 'order.substitution', itemId: 7, approve: true });
    expect(parts.getSnapshot().value).toBe('answering');
    [last, two, parts].forEach((a) => a.stop());
  });

  it('asks nothing without an order number', () => {
    const loadOrderStatus = vi.fn();
    const machine = orderStatusMachine.provide({ actors: { loadOrderStatus: fromPromise<OrderStatusReply, { orderId: string }>(loadOrderStatus) } });
    const actor = createActor(machine, { input: { orderId: undefined } }).start();
    expect(actor.getSnapshot().value).toBe('noOrder');
    expect(loadOrderStatus).not.toHaveBeenCalled();
    expect(orderStatusMessages.noOrder).toBe('No order was chosen.');
  });
});
