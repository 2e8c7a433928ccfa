import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, matchesState, type AnyEventObject, type AnyMachineSnapshot, type AnyStateNode } from 'xstate';
import type { MoveOrderReply, SubstitutionReply } from '../../src/api/contract/fulfilment.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import {
  fulfilmentMachine,
  selectCanSubstitute,
  selectCardMoves,
  selectConfirming,
  selectFulfilmentState,
  selectMoveError,
  selectMoves,
  selectWaitingNote,
  selectMoving,
  selectSubstitutedCount,
  selectSubstituting,
  selectTypedReason,
  selectTypedWeights,
  type FulfilmentInput,
  type PendingSubstitute,
} from '../../src/machines/fulfilment/index.ts';
import { fulfilmentStatePath } from '../../src/machines/fulfilment/fulfilment.machine.ts';
import { moveBodyOf } from '../../src/machines/fulfilment/move-body.ts';
import type { FulfilmentContext, MoveInput, PendingMove } from '../../src/machines/fulfilment/fulfilment-types.ts';
import {
  finalFulfilmentStates,
  fulfilmentEvents,
  fulfilmentEventsFor,
  fulfilmentStates,
  fulfilmentMessages,
  fulfilmentTransitions,
  type FulfilmentKind,
  type FulfilmentState,
} from '../../src/rules/fulfilment.ts';
import { markOutQuestion, weightQuestion } from '../../src/rules/console-confirm.ts';
import type { FarWeight } from '../../src/rules/weight-entry.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const { label, eventName } = labelled();
const moved = (to: FulfilmentState) => label(`moveOrder: ${to}`, done('moveOrder', { code: 1, data: { order_id: '100000001', state: to } }));
const unmoved = label('moveOrder: code -1', done('moveOrder', { code: -1, message: 'Not now' }));
const refused = label('moveOrder: 409', failed('moveOrder', new ApiError('This order cannot be moved that way now.', -1, 409)));
const tries = fulfilmentEvents.map((event) => label(`fulfil.move ${event}`, { type: 'fulfil.move', event, reason: 'why', weights: [] }));
// A move that needs a reason sent without one (a refusal, or any staff move): said at once, nothing asked or sent.
const withoutReason = fulfilmentEvents.map((event) =>
  label(`fulfil.move ${event} without a reason`, { type: 'fulfil.move', event, reason: ' ', weights: [] }),
);
// Decision 039: while picking, a substitute for a line or the line marked out, and the server's answers.
const substitutes = [
  label('fulfil.substitute product', { type: 'fulfil.substitute', itemId: 7, productId: 42 }),
  label('fulfil.substitute out', { type: 'fulfil.substitute', itemId: 7, productId: undefined }),
];
const substituted = label('proposeSubstitute: saved', done('proposeSubstitute', { code: 1, data: { order_id: '100000001', item_id: 7 } }));
const substituteRefused = label(
  'proposeSubstitute: 400',
  failed('proposeSubstitute', new ApiError('That product is not in stock at this location.', -1, 400)),
);

// Asked first (refuse, cancel, mark out): go ahead or keep. The list's reports: someone else canceled the order, or
// another seller's part went out for delivery (a cancel is then no longer offered); a weight typed.
const asked = [label('fulfil.confirm', { type: 'fulfil.confirm' }), label('fulfil.keep', { type: 'fulfil.keep' })];
const canceledElsewhere = label('fulfil.reported canceled', { type: 'fulfil.reported', state: 'canceled', otherParts: [] });
const otherPartOut = (state: FulfilmentState) =>
  label('fulfil.reported other part out', {
    type: 'fulfil.reported',
    state,
    otherParts: [{ vendor_name: 'Fulton Fish Co.', state: 'out_for_delivery' }],
  });
const typed = label('fulfil.weight.type', { type: 'fulfil.weight.type', itemId: 7, text: '1.02' });
// A weight the rules cannot read (its field says so; Pack sends nothing), and a reason typed.
const typedUnreadable = label('fulfil.weight.type unreadable', { type: 'fulfil.weight.type', itemId: 7, text: '1.0.2' });
const reasonTyped = label('fulfil.reason.type', { type: 'fulfil.reason.type', text: 'No stock' });
// Packing with a weight far from its line's estimate (one filet of two weighed): asked first (QA walk 9 #3).
const oneFiletOfTwo: FarWeight = { productName: 'Filet Mignon', qty: 2, nominalGrams: 500, weighedGrams: 272.155, far: 'light' };
const packFar = label('fulfil.move pack far', {
  type: 'fulfil.move',
  event: 'pack',
  reason: 'why',
  weights: [{ item_id: 7, grams: oneFiletOfTwo.weighedGrams }],
  far: [oneFiletOfTwo],
});
const at = (snapshot: AnyMachineSnapshot, state: FulfilmentState, step: string) =>
  matchesState(`${fulfilmentStatePath(state)}.${step}`, snapshot.value);

/** At idle every move is tried (the guard keeps those the table refuses); asking, both answers; while moving, every answer. */
function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as FulfilmentContext;
  const state = fulfilmentStates.find((s) => matchesState(fulfilmentStatePath(s), snapshot.value));
  if (!state || snapshot.status !== 'active') return [];
  if (at(snapshot, state, 'confirming') || at(snapshot, state, 'confirmingOut')) return [...asked, canceledElsewhere];
  if (c.substituting !== undefined) return [substituted, substituteRefused];
  if (c.pending === undefined)
    return [
      ...tries,
      ...withoutReason,
      ...(state === 'picking' ? substitutes : []),
      canceledElsewhere,
      ...(c.otherParts.length === 0 ? [otherPartOut(state)] : []),
      typed,
      ...(state === 'picking' ? [typedUnreadable, packFar] : []),
      reasonTyped,
    ];
  const targets = fulfilmentTransitions.filter((t) => t.from === state && t.event === c.pending?.event).map((t) => moved(t.to));
  return [...targets, unmoved, refused];
}
const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as FulfilmentContext;
  return JSON.stringify([
    snapshot.value,
    c.pending?.event,
    c.error,
    c.substituting?.productId ?? c.substituting?.itemId,
    c.serverState,
    c.otherParts.length,
    c.typed[7],
  ]);
};

/** Every start state for one kind and actor, and the three kinds from placed for both actors. */
const inputs: FulfilmentInput[] = [
  ...fulfilmentStates.map((state) => ({
    orderNumber: '100000001',
    state,
    kind: 'delivery' as const,
    actor: 'staff' as const,
    locId: 101,
    otherParts: [],
  })),
  ...(['delivery', 'pickup', 'dine_in'] as const satisfies readonly FulfilmentKind[]).flatMap((kind) =>
    (['seller', 'staff'] as const).map((actor) => ({ orderNumber: '100000001', state: 'placed' as const, kind, actor, locId: 101, otherParts: [] })),
  ),
];

describe('a move that needs a reason', () => {
  it("is named at once when the reason is empty: a seller's refusal asks nothing and sends nothing (QA: the confirm came first)", () => {
    const sent: unknown[] = [];
    const machine = fulfilmentMachine.provide({
      actors: {
        moveOrder: fromPromise(async ({ input }) => {
          sent.push(input);
          return { code: 1, data: { order_id: '100000001', state: 'refused' as const } };
        }),
      },
    });
    const actor = createActor(machine, {
      input: { orderNumber: '100000001', state: 'placed', kind: 'delivery', actor: 'seller', locId: 101, otherParts: [] },
    }).start();
    actor.send({ type: 'fulfil.move', event: 'refuse', reason: '  ', weights: undefined });
    expect(actor.getSnapshot().context.error).toBe(fulfilmentMessages.reasonRequired);
    expect(at(actor.getSnapshot(), 'placed', 'idle')).toBe(true);
    expect(sent).toEqual([]);
    actor.send({ type: 'fulfil.move', event: 'refuse', reason: 'No stock', weights: undefined });
    expect(at(actor.getSnapshot(), 'placed', 'confirming')).toBe(true);
  });
});

describe("the server's last message and the card's fields", () => {
  it('goes when a field says its own error or the user edits: a weight typed, Pack with a weight unreadable, a reason typed', async () => {
    const sent: unknown[] = [];
    const machine = fulfilmentMachine.provide({
      actors: {
        moveOrder: fromPromise<MoveOrderReply, MoveInput>(async ({ input }) => {
          sent.push(input.pending?.event);
          throw new ApiError('Please weigh Ribeye Steak: every line sold by weight needs its weight.', -1, 400);
        }),
        proposeSubstitute: fromPromise<
          SubstitutionReply,
          { orderNumber: string; actor: 'seller' | 'staff'; substitute: PendingSubstitute | undefined }
        >(() => Promise.reject(new ApiError('That product is not in stock at this location.', -1, 400))),
      },
    });
    const actor = createActor(machine, {
      input: { orderNumber: '100000001', state: 'picking', kind: 'delivery', actor: 'seller', locId: 101, otherParts: [] },
    }).start();
    const serverSaid = async () => {
      actor.send({ type: 'fulfil.move', event: 'pack', reason: undefined, weights: [] });
      await vi.waitFor(() => expect(selectMoveError(actor.getSnapshot())).toContain('Please weigh Ribeye Steak'));
    };
    await serverSaid();
    // The seller types a weight the rules cannot read: its field says why; the server's word on the last Pack goes.
    actor.send({ type: 'fulfil.weight.type', itemId: 7, text: '1.0.2' });
    expect(selectMoveError(actor.getSnapshot())).toBeUndefined();
    // Another line's substitute refused (the server's word), then Pack with that weight: nothing is sent, and no stale
    // message is left beside the field's.
    actor.send({ type: 'fulfil.substitute', itemId: 9, productId: 42 });
    await vi.waitFor(() => expect(selectMoveError(actor.getSnapshot())).toBe('That product is not in stock at this location.'));
    actor.send({ type: 'fulfil.move', event: 'pack', reason: undefined, weights: [] });
    expect(selectMoveError(actor.getSnapshot())).toBeUndefined();
    expect(at(actor.getSnapshot(), 'picking', 'idle')).toBe(true);
    expect(sent).toEqual(['pack']);
    // A reason typed is kept by the machine and drops the last message too.
    actor.send({ type: 'fulfil.weight.type', itemId: 7, text: '1.02' });
    await serverSaid();
    actor.send({ type: 'fulfil.reason.type', text: 'No salmon' });
    expect(selectMoveError(actor.getSnapshot())).toBeUndefined();
    expect(selectTypedReason(actor.getSnapshot())).toBe('No salmon');
  });
});

describe('fulfilment paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const input of inputs) {
    const plans = planPaths(fulfilmentMachine, { input, events: eventsFor, serializeState });
    it.each(
      plans.map((p): [string, PathPlan] => [
        `${input.actor} ${input.kind} from ${input.state}: ${p.events.map(eventName).join(' → ') || '(initial)'}`,
        p,
      ]),
    )('%s', (_name, plan) => {
      const result = replay(fulfilmentMachine, plan, input);
      result.transitions.forEach((t) => taken.add(t));
      result.states.forEach((s) => reached.add(s));
      expect(result.snapshot.value).toEqual(plan.expected.value);
    });
  }

  it(coverageTitle(fulfilmentMachine), () => {
    expect([...allStateIds(fulfilmentMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(fulfilmentMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('fulfilment behaviour', () => {
  it.each(fulfilmentStates)('opens an order the server reports %s in that state, inside its phase (decision 061)', (state) => {
    const actor = createActor(fulfilmentMachine, {
      input: { orderNumber: '100000001', state, kind: 'delivery', actor: 'staff', locId: 101, otherParts: [] },
    }).start();
    const snapshot = actor.getSnapshot();
    expect(selectFulfilmentState(snapshot)).toBe(state);
    expect(matchesState(fulfilmentStatePath(state), snapshot.value)).toBe(true);
    // A state the order never leaves ends the machine, as it did before the phases.
    expect(snapshot.status).toBe(finalFulfilmentStates.includes(state) ? 'done' : 'active');
    expect(selectMoves(snapshot)).toEqual(fulfilmentEventsFor(state, 'staff', 'delivery'));
  });

  it('a card the server lists with no move (staff, an order still waiting for its payment) offers none (QA walk)', () => {
    const actor = createActor(fulfilmentMachine, {
      input: { orderNumber: '100000001', state: 'placed', kind: 'delivery', actor: 'staff', locId: 101, otherParts: [] },
    }).start();
    const snapshot = actor.getSnapshot();
    expect(selectMoves(snapshot)).not.toEqual([]);
    expect(selectCardMoves([])(snapshot)).toEqual([]);
    expect(selectCardMoves(['accept', 'refuse', 'cancel'])(snapshot)).toEqual(selectMoves(snapshot));
  });

  it("a packed dine-in card offers Served only from its table's day, the list's next read moving the day on (QA walk 3)", () => {
    const actor = createActor(fulfilmentMachine, {
      input: {
        orderNumber: '100000005',
        state: 'packed',
        kind: 'dine_in',
        actor: 'seller',
        locId: 401,
        otherParts: [],
        tableDay: { date: '2026-12-01', today: '2026-11-30' },
      },
    }).start();
    expect(selectMoves(actor.getSnapshot())).toEqual([]);
    // A Served sent anyway (a stale button) is not taken by the machine either.
    actor.send({ type: 'fulfil.move', event: 'serve', reason: undefined, weights: undefined });
    expect(selectFulfilmentState(actor.getSnapshot())).toBe('packed');
    expect(selectMoving(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'fulfil.reported', state: 'packed', otherParts: [], tableDay: { date: '2026-12-01', today: '2026-12-01' } });
    expect(selectMoves(actor.getSnapshot())).toEqual(['serve']);
  });

  it("a dine-in card being prepared before its table's day says when Table ready comes, not nothing (QA walk 9 S1)", () => {
    const early = { date: '2026-12-03', today: '2026-12-01', time: '13:30', minutes: 600 };
    const actor = createActor(fulfilmentMachine, {
      input: { orderNumber: '100000002', state: 'picking', kind: 'dine_in', actor: 'seller', locId: 403, otherParts: [], tableDay: early },
    }).start();
    expect(selectMoves(actor.getSnapshot())).not.toContain('pack');
    expect(selectWaitingNote(actor.getSnapshot())).toBe(
      'This table is booked for 12/03/2026 at 1:30 PM: the order can be marked Table ready on that day, not before.',
    );
    actor.send({ type: 'fulfil.reported', state: 'picking', otherParts: [], tableDay: { ...early, today: '2026-12-03' } });
    expect(selectMoves(actor.getSnapshot())).toContain('pack');
    expect(selectWaitingNote(actor.getSnapshot())).toBeUndefined();
    actor.stop();
  });

  it('while picking, sends a substitute (or out) and counts each saved one so the console reloads', async () => {
    const sent: unknown[] = [];
    const machine = fulfilmentMachine.provide({
      actors: {
        proposeSubstitute: fromPromise<
          SubstitutionReply,
          { orderNumber: string; actor: 'seller' | 'staff'; substitute: PendingSubstitute | undefined }
        >(async ({ input }) => {
          sent.push(input.substitute);
          return { code: 1, data: { order_id: '100000001', item_id: 7 } };
        }),
      },
    });
    const actor = createActor(machine, {
      input: { orderNumber: '100000001', state: 'picking', kind: 'delivery', actor: 'seller', locId: 101, otherParts: [] },
    }).start();
    actor.send({ type: 'fulfil.substitute', itemId: 7, productId: 42 });
    expect(selectMoves(actor.getSnapshot())).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'fulfil.substitute', itemId: 8, productId: undefined });
    // Marking a line out asks first (it leaves the order); going ahead sends it.
    actor.send({ type: 'fulfil.confirm' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([
      { itemId: 7, productId: 42 },
      { itemId: 8, productId: undefined },
    ]);
    expect(selectSubstitutedCount(actor.getSnapshot())).toBe(2);
    expect(selectMoves(actor.getSnapshot())).toEqual(['pack']);
    // Not while accepted: substitutes come only once picking started.
    const accepted = createActor(machine, {
      input: { orderNumber: '100000001', state: 'accepted', kind: 'delivery', actor: 'seller', locId: 101, otherParts: [] },
    }).start();
    accepted.send({ type: 'fulfil.substitute', itemId: 7, productId: 42 });
    expect(sent).toHaveLength(2);
  });

  it("shows a line's substitute and Mark out exactly where the machine takes them: not while a move is sent", async () => {
    const moves: { resolve: (reply: MoveOrderReply) => void; reject: (error: unknown) => void }[] = [];
    let answer: (reply: SubstitutionReply) => void = () => undefined;
    const machine = fulfilmentMachine.provide({
      actors: {
        moveOrder: fromPromise<MoveOrderReply, MoveInput>(() => new Promise((resolve, reject) => moves.push({ resolve, reject }))),
        proposeSubstitute: fromPromise<
          SubstitutionReply,
          { orderNumber: string; actor: 'seller' | 'staff'; substitute: PendingSubstitute | undefined }
        >(() => new Promise((resolve) => (answer = resolve))),
      },
    });
    const actor = createActor(machine, {
      input: { orderNumber: '100000001', state: 'picking', kind: 'delivery', actor: 'seller', locId: 101, otherParts: [] },
    });
    const seen = new Map<string, boolean>();
    actor.subscribe((s) => {
      seen.set(JSON.stringify(s.value), selectCanSubstitute(s));
      for (const productId of [42, undefined])
        expect(selectCanSubstitute(s), JSON.stringify(s.value)).toBe(s.can({ type: 'fulfil.substitute', itemId: 7, productId }));
    });
    actor.start();
    expect(selectCanSubstitute(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'fulfil.substitute', itemId: 7, productId: 42 });
    expect(selectCanSubstitute(actor.getSnapshot())).toBe(false);
    answer({ code: 1, data: { order_id: '100000001', item_id: 7 } });
    await vi.waitFor(() => expect(selectSubstituting(actor.getSnapshot())).toBe(false));
    // Pack is being sent: the order is still picking and nothing is being substituted, yet the machine takes none.
    actor.send({ type: 'fulfil.move', event: 'pack', reason: undefined, weights: [] });
    expect([selectFulfilmentState(actor.getSnapshot()), selectSubstituting(actor.getSnapshot())]).toEqual(['picking', false]);
    expect(selectCanSubstitute(actor.getSnapshot())).toBe(false);
    moves.at(-1)?.reject(new ApiError('Weigh every line sold by weight first.', -1, 409));
    await vi.waitFor(() => expect(selectCanSubstitute(actor.getSnapshot())).toBe(true));
    actor.send({ type: 'fulfil.move', event: 'pack', reason: undefined, weights: [] });
    moves.at(-1)?.resolve({ code: 1, data: { order_id: '100000001', state: 'packed' } });
    await vi.waitFor(() => expect(selectFulfilmentState(actor.getSnapshot())).toBe('packed'));
    expect(Object.fromEntries(seen)).toEqual({
      '{"preparing":{"picking":"idle"}}': true,
      '{"preparing":{"picking":"substituting"}}': false,
      '{"preparing":{"picking":"moving"}}': false,
      '{"preparing":{"packed":"idle"}}': false,
    });
    actor.stop();
  });

  it('offers only the moves of the table for the actor and kind, and follows the server', async () => {
    const sent: string[] = [];
    const machine = fulfilmentMachine.provide({
      actors: {
        moveOrder: fromPromise<MoveOrderReply, MoveInput>(async ({ input }) => {
          sent.push(input.pending?.event ?? '');
          const reached: Partial<Record<string, FulfilmentState>> = {
            accept: 'accepted',
            pick: 'picking',
            pack: 'packed',
            ready: 'ready_for_pickup',
            hand_over: 'picked_up',
          };
          const to = reached[input.pending?.event ?? ''];
          if (!to) throw new ApiError('This order cannot be moved that way now.', -1, 409);
          return { code: 1, data: { order_id: '100000001', state: to } };
        }),
      },
    });
    const actor = createActor(machine, {
      input: { orderNumber: '100000001', state: 'placed', kind: 'pickup', actor: 'seller', locId: 101, otherParts: [] },
    }).start();
    expect(selectMoves(actor.getSnapshot())).toEqual(['accept', 'refuse']);
    // A seller never cancels: the move is not even sent.
    actor.send({ type: 'fulfil.move', event: 'cancel', reason: 'no', weights: undefined });
    expect(sent).toEqual([]);
    for (const event of ['accept', 'pick', 'pack'] as const) {
      actor.send({ type: 'fulfil.move', event, reason: undefined, weights: [] });
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    expect(selectFulfilmentState(actor.getSnapshot())).toBe('packed');
    // A pick-up order is made ready, never dispatched.
    expect(selectMoves(actor.getSnapshot())).toEqual(['ready']);
    actor.send({ type: 'fulfil.move', event: 'ready', reason: undefined, weights: undefined });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'fulfil.move', event: 'hand_over', reason: undefined, weights: undefined });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectFulfilmentState(actor.getSnapshot())).toBe('picked_up');
    expect(sent).toEqual(['accept', 'pick', 'pack', 'ready', 'hand_over']);
  });

  it("keeps the order where it is and shows the server's refusal", async () => {
    const machine = fulfilmentMachine.provide({
      actors: {
        moveOrder: fromPromise<MoveOrderReply, MoveInput>(() => Promise.reject(new ApiError('This order cannot be moved that way now.', -1, 409))),
      },
    });
    const actor = createActor(machine, {
      input: { orderNumber: '100000001', state: 'placed', kind: 'delivery', actor: 'seller', locId: 101, otherParts: [] },
    }).start();
    actor.send({ type: 'fulfil.move', event: 'accept', reason: undefined, weights: undefined });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(selectFulfilmentState(actor.getSnapshot())).toBe('placed');
    expect(selectMoveError(actor.getSnapshot())).toBe('This order cannot be moved that way now.');
  });

  /** A machine whose moves and substitutes are recorded and answered by hand. */
  function recorded() {
    const sent: string[] = [];
    const moves: { resolve: (reply: MoveOrderReply) => void; reject: (error: unknown) => void }[] = [];
    const machine = fulfilmentMachine.provide({
      actors: {
        moveOrder: fromPromise<MoveOrderReply, MoveInput>(({ input }) => {
          sent.push(input.pending?.event ?? '');
          return new Promise((resolve, reject) => moves.push({ resolve, reject }));
        }),
        proposeSubstitute: fromPromise<
          SubstitutionReply,
          { orderNumber: string; actor: 'seller' | 'staff'; substitute: PendingSubstitute | undefined }
        >(async ({ input }) => {
          sent.push(input.substitute?.productId === undefined ? `out ${input.substitute?.itemId}` : `substitute ${input.substitute.itemId}`);
          return { code: 1, data: { order_id: '100000001', item_id: input.substitute?.itemId ?? 0 } };
        }),
      },
    });
    return { sent, moves, machine };
  }
  const start = (machine: typeof fulfilmentMachine, input: Partial<FulfilmentInput>) =>
    createActor(machine, {
      input: { orderNumber: '100000001', state: 'placed', kind: 'delivery', actor: 'seller', locId: 101, otherParts: [], ...input },
    }).start();

  it.each([
    ['seller', 'refuse', 'placed'],
    ['staff', 'cancel', 'accepted'],
  ] as const)(
    'a %s asked to %s an order %s is asked first: Cancel sends nothing and keeps every move, going ahead sends it',
    async (actor, event, state) => {
      const { sent, moves, machine } = recorded();
      const card = start(machine, { actor, state });
      const before = selectMoves(card.getSnapshot());
      card.send({ type: 'fulfil.move', event, reason: 'No stock', weights: undefined });
      expect(selectConfirming(card.getSnapshot())).toEqual({ event });
      // Asking is not sending: no move offered meanwhile, nothing saving.
      expect([selectMoves(card.getSnapshot()), selectMoving(card.getSnapshot()), sent]).toEqual([[], undefined, []]);
      card.send({ type: 'fulfil.keep' });
      expect([selectConfirming(card.getSnapshot()), selectMoves(card.getSnapshot()), selectFulfilmentState(card.getSnapshot())]).toEqual([
        undefined,
        before,
        state,
      ]);
      expect(card.getSnapshot().context.pending).toBeUndefined();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(sent).toEqual([]);
      card.send({ type: 'fulfil.move', event, reason: 'No stock', weights: undefined });
      card.send({ type: 'fulfil.confirm' });
      expect([selectConfirming(card.getSnapshot()), selectMoving(card.getSnapshot())]).toEqual([undefined, event]);
      moves.at(-1)?.resolve({ code: 1, data: { order_id: '100000001', state: event === 'refuse' ? 'refused' : 'canceled' } });
      await vi.waitFor(() => expect(card.getSnapshot().status).toBe('done'));
      expect(sent).toEqual([event]);
    },
  );

  it('asks nothing before a move that only advances the order (Accept, Start picking)', () => {
    const { sent, machine } = recorded();
    const card = start(machine, {});
    card.send({ type: 'fulfil.move', event: 'accept', reason: undefined, weights: undefined });
    expect([selectConfirming(card.getSnapshot()), selectMoving(card.getSnapshot()), sent]).toEqual([undefined, 'accept', ['accept']]);
  });

  it("sends a reason only with a move that takes one, and empties it once a move is taken (QA walk 3: a refusal's reason went with Accept)", async () => {
    const reasons: (string | undefined)[] = [];
    const moves: ((reply: MoveOrderReply) => void)[] = [];
    const machine = fulfilmentMachine.provide({
      actors: {
        moveOrder: fromPromise<MoveOrderReply, MoveInput>(({ input }) => {
          reasons.push(input.pending?.reason);
          return new Promise((resolve) => moves.push(resolve));
        }),
      },
    });
    const card = start(machine, {});
    card.send({ type: 'fulfil.reason.type', text: 'walk3 reason' });
    card.send({ type: 'fulfil.move', event: 'accept', reason: 'walk3 reason', weights: undefined });
    expect(card.getSnapshot().context.pending?.reason).toBeUndefined();
    moves.at(-1)?.({ code: 1, data: { order_id: '100000001', state: 'accepted' } });
    await vi.waitFor(() => expect(selectFulfilmentState(card.getSnapshot())).toBe('accepted'));
    expect([reasons, selectTypedReason(card.getSnapshot())]).toEqual([[undefined], '']);
    // Staff give every move a reason (their note): it is sent, then the field is empty for the next move.
    const staff = start(machine, { actor: 'staff', state: 'packed' });
    staff.send({ type: 'fulfil.reason.type', text: 'Seller forgot to press' });
    staff.send({ type: 'fulfil.move', event: 'dispatch', reason: 'Seller forgot to press', weights: undefined });
    moves.at(-1)?.({ code: 1, data: { order_id: '100000001', state: 'out_for_delivery' } });
    await vi.waitFor(() => expect(selectFulfilmentState(staff.getSnapshot())).toBe('out_for_delivery'));
    expect([reasons, selectTypedReason(staff.getSnapshot())]).toEqual([[undefined, 'Seller forgot to press'], '']);
  });

  it('asks before packing at a weight far from its estimate; Weigh again keeps the weight, yes sends it (QA walk 9 #3)', async () => {
    const { sent, moves, machine } = recorded();
    const card = start(machine, { state: 'picking' });
    card.send({ type: 'fulfil.weight.type', itemId: 7, text: '0.6' });
    const packing: { type: 'fulfil.move' } & PendingMove = {
      type: 'fulfil.move',
      event: 'pack',
      reason: undefined,
      weights: [{ item_id: 7, grams: oneFiletOfTwo.weighedGrams }],
    };
    card.send({ ...packing, far: [oneFiletOfTwo] });
    expect(selectConfirming(card.getSnapshot())).toEqual({ event: 'pack', far: [oneFiletOfTwo] });
    expect(sent).toEqual([]);
    expect(weightQuestion([oneFiletOfTwo], 'delivery')).toEqual({
      question:
        '0.60 lb for 2 × Filet Mignon is 54% of its estimate (about 1.1 lb): the weight asked is for all 2 pieces together. Mark it Packed with this weight?',
      confirm: 'Yes, it is right',
      keep: 'Weigh again',
    });
    card.send({ type: 'fulfil.keep' });
    expect([selectConfirming(card.getSnapshot()), selectTypedWeights(card.getSnapshot()), sent]).toEqual([undefined, { 7: '0.6' }, []]);
    card.send({ ...packing, far: [oneFiletOfTwo] });
    card.send({ type: 'fulfil.confirm' });
    expect(sent).toEqual(['pack']);
    moves.at(-1)?.resolve({ code: 1, data: { order_id: '100000001', state: 'packed' } });
    await vi.waitFor(() => expect(selectFulfilmentState(card.getSnapshot())).toBe('packed'));
    // A weight near its estimate is sent at once, nothing asked.
    const near = start(machine, { state: 'picking' });
    near.send({ ...packing, far: [] });
    expect([selectConfirming(near.getSnapshot()), sent]).toEqual([undefined, ['pack', 'pack']]);
  });

  it('tells the server a far weight was confirmed only when the seller was asked and said yes (088 left: the API took any weight)', () => {
    const weights = [{ item_id: 7, grams: oneFiletOfTwo.weighedGrams }];
    const base = { orderNumber: '100000001', actor: 'seller' as const, locId: 101 };
    expect(moveBodyOf({ ...base, pending: { event: 'pack', reason: undefined, weights, far: [oneFiletOfTwo] } })).toEqual({
      order_id: '100000001',
      loc_id: 101,
      event: 'pack',
      weights,
      weights_confirmed: true,
    });
    expect(moveBodyOf({ ...base, pending: { event: 'pack', reason: undefined, weights, far: [] } })).toEqual({
      order_id: '100000001',
      loc_id: 101,
      event: 'pack',
      weights,
    });
    expect(moveBodyOf({ ...base, pending: { event: 'refuse', reason: 'Closed', weights: undefined } })).toEqual({
      order_id: '100000001',
      loc_id: 101,
      event: 'refuse',
      reason: 'Closed',
    });
  });

  it('asks before a line is marked out, naming it; Cancel keeps the line, and a substitute is sent without asking', async () => {
    const { sent, machine } = recorded();
    const card = start(machine, { state: 'picking' });
    card.send({ type: 'fulfil.substitute', itemId: 8, productId: undefined });
    expect(selectConfirming(card.getSnapshot())).toEqual({ markOut: 8 });
    expect([selectSubstituting(card.getSnapshot()), selectCanSubstitute(card.getSnapshot()), selectMoves(card.getSnapshot())]).toEqual([
      false,
      false,
      [],
    ]);
    expect(markOutQuestion('Ribeye Steak').question).toBe(
      'Mark Ribeye Steak out of stock? It leaves this order: the shopper is told by mail and not charged for it.',
    );
    card.send({ type: 'fulfil.keep' });
    expect([selectConfirming(card.getSnapshot()), card.getSnapshot().context.substituting, selectMoves(card.getSnapshot())]).toEqual([
      undefined,
      undefined,
      ['pack'],
    ]);
    card.send({ type: 'fulfil.substitute', itemId: 9, productId: 42 });
    await vi.waitFor(() => expect(selectSubstitutedCount(card.getSnapshot())).toBe(1));
    card.send({ type: 'fulfil.substitute', itemId: 8, productId: undefined });
    card.send({ type: 'fulfil.confirm' });
    await vi.waitFor(() => expect(selectSubstitutedCount(card.getSnapshot())).toBe(2));
    expect(sent).toEqual(['substitute 9', 'out 8']);
  });

  it('keeps weights typed by line across the list read again (a poll, another line marked out, someone else moving the order)', async () => {
    const { machine } = recorded();
    const card = start(machine, { state: 'accepted' });
    card.send({ type: 'fulfil.weight.type', itemId: 7, text: '1.0' });
    // The list's reads: unchanged, then picking (someone else started it), then a line marked out and reloaded.
    card.send({ type: 'fulfil.reported', state: 'accepted', otherParts: [] });
    card.send({ type: 'fulfil.reported', state: 'picking', otherParts: [] });
    expect(selectFulfilmentState(card.getSnapshot())).toBe('picking');
    card.send({ type: 'fulfil.weight.type', itemId: 7, text: '1.02' });
    card.send({ type: 'fulfil.weight.type', itemId: 9, text: '2 lb 3 oz' });
    card.send({ type: 'fulfil.substitute', itemId: 8, productId: undefined });
    card.send({ type: 'fulfil.confirm' });
    await vi.waitFor(() => expect(selectSubstitutedCount(card.getSnapshot())).toBe(1));
    card.send({ type: 'fulfil.reported', state: 'picking', otherParts: [] });
    expect(selectTypedWeights(card.getSnapshot())).toEqual({ 7: '1.02', 9: '2 lb 3 oz' });
    expect(selectMoves(card.getSnapshot())).toEqual(['pack']);
  });

  it("follows someone else's move: a waiting or asking card opens where the list says, a move being sent waits for its answer", async () => {
    const { moves, machine } = recorded();
    const card = start(machine, { actor: 'staff', state: 'placed' });
    card.send({ type: 'fulfil.move', event: 'cancel', reason: 'why', weights: undefined });
    card.send({ type: 'fulfil.reported', state: 'accepted', otherParts: [] });
    // The question is dropped: the order is no longer where it was asked about.
    expect([selectFulfilmentState(card.getSnapshot()), selectConfirming(card.getSnapshot())]).toEqual(['accepted', undefined]);
    card.send({ type: 'fulfil.move', event: 'pick', reason: 'why', weights: undefined });
    card.send({ type: 'fulfil.reported', state: 'packed', otherParts: [] });
    expect([selectFulfilmentState(card.getSnapshot()), selectMoving(card.getSnapshot())]).toEqual(['accepted', 'pick']);
    moves.at(-1)?.reject(new ApiError('This order cannot be moved that way now.', -1, 409));
    // Refused (the seller was first): the card opens where the list last said, with the refusal.
    await vi.waitFor(() => expect(selectFulfilmentState(card.getSnapshot())).toBe('packed'));
    expect(selectMoveError(card.getSnapshot())).toBe('This order cannot be moved that way now.');
    // Its own move answered is the newest word: an older read does not take it back.
    card.send({ type: 'fulfil.move', event: 'dispatch', reason: 'why', weights: undefined });
    moves.at(-1)?.resolve({ code: 1, data: { order_id: '100000001', state: 'out_for_delivery' } });
    await vi.waitFor(() => expect(selectFulfilmentState(card.getSnapshot())).toBe('out_for_delivery'));
    expect(card.getSnapshot().context.serverState).toBe('out_for_delivery');
  });

  it("offers staff's Cancel on a part only where every other part allows it, as the server checks (order-parts.ts)", () => {
    const { sent, machine } = recorded();
    const fish = { vendor_name: 'Fulton Fish Co.', state: 'out_for_delivery' as const };
    const card = start(machine, { actor: 'staff', state: 'packed', otherParts: [fish] });
    expect(selectMoves(card.getSnapshot())).toEqual(['dispatch']);
    card.send({ type: 'fulfil.move', event: 'cancel', reason: 'why', weights: undefined });
    expect([selectConfirming(card.getSnapshot()), sent]).toEqual([undefined, []]);
    // The other part still packed (the list read again): Cancel is offered.
    card.send({ type: 'fulfil.reported', state: 'packed', otherParts: [{ ...fish, state: 'packed' }] });
    expect(selectMoves(card.getSnapshot())).toEqual(['dispatch', 'cancel']);
  });
});

/**
 * Analysts read the chart in the XState visualiser (decision 085's 'Not done'): its states and moves said 'Being picked'
 * and 'Packed' for a dine-in order too. One chart for every mode: each names every mode's words (fulfilmentStateWords).
 */
describe("the chart's descriptions in every mode's words", () => {
  const descriptions = (node: AnyStateNode): string[] => [
    ...(node.description === undefined ? [] : [node.description]),
    ...[...node.transitions.values()].flat().flatMap((t) => (t.description === undefined ? [] : [t.description])),
    ...Object.values(node.states).flatMap(descriptions),
  ];
  const all = descriptions(fulfilmentMachine.root);
  const preparing = fulfilmentMachine.root.states.preparing;

  it("names a dine-in order's steps wherever it names picking or packing", () => {
    expect(preparing?.states.picking?.description).toMatch(
      /^Being picked \/ Being prepared\. Moves from here: Packed \/ Table ready → Packed \/ Table ready/,
    );
    expect(preparing?.states.packed?.description).toContain('Served → Served (dine-in only)');
    expect(preparing?.states.packed?.description).toContain('Ready for pick-up → Ready for pick-up (pick-up only)');
    expect(preparing?.states.packed?.description).toContain('Hand to driver → Out for delivery (delivery only)');
    for (const text of all) {
      if (/Being picked/.test(text)) expect(text).toContain('Being picked / Being prepared');
      if (/\bPacked\b/.test(text)) expect(text).toMatch(/Packed \/ Table ready|Packed \(/);
    }
    expect(all.join(' ')).toContain('Table ready');
  });
});
