import { assign, fromPromise, setup } from 'xstate';
import type { MoveOrderReply, SubstitutionReply } from '../../api/contract/fulfilment.contract.ts';
import { moveOrder, proposeSubstitute, type ConsoleRole } from '../../api/fulfilment.api.ts';
import {
  finalFulfilmentStates,
  fulfilmentEventWords,
  fulfilmentKindNames,
  fulfilmentMessages,
  fulfilmentStateWords,
  fulfilmentTransitions,
  needsReason,
  takesReason,
  type FulfilmentEvent,
  type FulfilmentState,
  type FulfilmentTransition,
} from '../../rules/fulfilment.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';
import { moveAsksFirst, partMayMove } from '../../rules/order-parts.ts';
import { messageOf } from '../shared/auth-failure.ts';
import { parseWeightEntry } from '../../rules/weight-entry.ts';
import { moveBodyOf } from './move-body.ts';
import {
  fulfilmentPhaseNames,
  fulfilmentPhaseOf,
  fulfilmentPhases,
  fulfilmentStatePath,
  phaseDescriptions,
  type FulfilmentPhase,
} from './fulfilment-phases.ts';

// The phases the order's states are drawn in (decision 061), in their own file; importers read them here too.
export { fulfilmentPhaseNames, fulfilmentPhaseOf, fulfilmentPhases, fulfilmentStatePath, type FulfilmentPhase } from './fulfilment-phases.ts';

import type {
  FulfilmentContext,
  FulfilmentInput,
  FulfilmentMachineEvent,
  MoveInput,
  OrderReport,
  PendingMove,
  PendingSubstitute,
} from './fulfilment-types.ts';

const fulfilmentSetup = setup({
  types: {
    context: {} as FulfilmentContext,
    input: {} as FulfilmentInput,
    events: {} as FulfilmentMachineEvent,
  },
  actors: {
    moveOrder: fromPromise<MoveOrderReply, MoveInput>(({ input }) => moveOrder(input.actor, moveBodyOf(input))),
    proposeSubstitute: fromPromise<SubstitutionReply, { orderNumber: string; actor: ConsoleRole; substitute: PendingSubstitute | undefined }>(
      ({ input }) =>
        proposeSubstitute(input.actor, {
          order_id: input.orderNumber,
          item_id: input.substitute?.itemId ?? 0,
          ...(input.substitute?.productId === undefined ? { out: true } : { product_id: input.substitute.productId }),
        }),
    ),
  },
  guards: {
    startsIn: ({ context }, params: { state: FulfilmentState }) => context.serverState === params.state,
    startsInPhase: ({ context }, params: { phase: FulfilmentPhase }) => fulfilmentPhaseOf(context.serverState) === params.phase,
    /** A move the table allows from here, the other parts considered; `asks`: whether it is one that asks first. */
    mayMove: ({ context }, params: { from: FulfilmentState; event: FulfilmentEvent; asks: boolean }) =>
      partMayMove(params.from, params.event, context.otherParts, context.actor, context.kind, context.tableDay) &&
      moveAsksFirst(params.event) === params.asks,
    /** Packing with a weight typed that the rules cannot read: its field says why (src/rules/weight-entry.ts). */
    weightUnreadable: ({ context }, params: { event: PendingMove }) =>
      params.event.event === 'pack' && Object.values(context.typed).some((text) => text.trim() !== '' && !parseWeightEntry(text).ok),
    /** Packing with a weight far from its line's estimate (src/rules/weight-entry.ts farWeights): asked about first. */
    weighsFar: ({ context }, params: { from: FulfilmentState; event: PendingMove }) =>
      params.event.event === 'pack' &&
      (params.event.far?.length ?? 0) > 0 &&
      partMayMove(params.from, 'pack', context.otherParts, context.actor, context.kind, context.tableDay),
    movedElsewhere: ({ context }, params: { state: FulfilmentState }) => context.serverState !== params.state,
    reasonMissing: ({ context }, params: { event: PendingMove }) => needsReason(params.event.event, context.actor) && !params.event.reason?.trim(),
    marksOut: (_, params: { productId: number | undefined }) => params.productId === undefined,
    movedTo: (_, params: { reply: MoveOrderReply; to: FulfilmentState }) => params.reply.code === 1 && params.reply.data?.state === params.to,
  },
  actions: {
    // A reason goes only with a move that takes one (takesReason): one typed for a refusal is not sent with an Accept.
    assignPending: assign(({ context }, params: { pending: PendingMove }) => ({
      pending: {
        ...params.pending,
        reason: takesReason(params.pending.event, context.actor) ? params.pending.reason : undefined,
        far: params.pending.event === 'pack' ? params.pending.far : undefined,
      },
      error: undefined,
    })),
    clearPending: assign({ pending: undefined, substituting: undefined }), // a refusal said stays: it tells why
    // The server moved it (its answer is the newest word); the next move starts with an empty reason field.
    assignMoved: assign((_, params: { to: FulfilmentState }) => ({ pending: undefined, error: undefined, serverState: params.to, reason: '' })),
    assignReport: assign((_, params: { report: OrderReport }) => ({
      serverState: params.report.state,
      otherParts: params.report.otherParts,
      tableDay: params.report.tableDay,
    })),
    // Editing a field drops the server's last word: it spoke of what was sent before (a field says its own error).
    assignTyped: assign(({ context }, params: { itemId: number; text: string }) => ({
      typed: { ...context.typed, [params.itemId]: params.text },
      error: undefined,
    })),
    assignReason: assign((_, params: { text: string }) => ({ reason: params.text, error: undefined })),
    clearError: assign({ error: undefined }),
    assignError: assign((_, params: { message: string }) => ({ pending: undefined, substituting: undefined, error: params.message })),
    assignSubstitute: assign((_, params: { substitute: PendingSubstitute }) => ({ substituting: params.substitute, error: undefined })),
    // A line substituted or marked out is not weighed as ordered: its weight typed goes (its field is gone).
    countSubstitute: assign(({ context }) => ({
      substituting: undefined,
      substituted: context.substituted + 1,
      typed: Object.fromEntries(Object.entries(context.typed).filter(([id]) => Number(id) !== context.substituting?.itemId)),
    })),
  },
});

type StateConfigs = NonNullable<Parameters<typeof fulfilmentSetup.createMachine>[0]['states']>;
type StateConfig = StateConfigs[string];

/**
 * One order's life in the seller and staff consoles (issue 24). Its states and moves are the table of
 * src/rules/fulfilment.ts, the one the server enforces: each state of the order is a state here (inside its phase),
 * waiting (idle) or sending a move (moving); a move the table does not allow this actor for this kind of order is not
 * taken, and the server's answer decides where the order went (someone else may have moved it first: the console then shows the
 * server's refusal and reloads).
 */
function orderStateNode(state: FulfilmentState): StateConfig {
  // Every mode's words (the chart is one for all modes): 'Packed / Table ready' (fulfilment.ts fulfilmentStateWords).
  const label = fulfilmentStateWords(state);
  if (finalFulfilmentStates.includes(state)) return { type: 'final', description: `${label}: the order moves no more.` };
  const moves = fulfilmentTransitions.filter((t) => t.from === state);
  // Only a state with a move that ends the order (refuse, cancel) asks first, or one that packs (a weight far off).
  const asks = moves.some((t) => moveAsksFirst(t.event));
  const packs = moves.some((t) => t.event === 'pack');
  const pending = ({ event }: { event: PendingMove }) => ({
    pending: { event: event.event, reason: event.reason, weights: event.weights, far: event.far },
  });
  const move = (asks: boolean, target: string, description: string) => ({
    description,
    guard: { type: 'mayMove' as const, params: ({ event }: { event: PendingMove }) => ({ from: state, event: event.event, asks }) },
    target,
    actions: { type: 'assignPending' as const, params: pending },
  });
  return {
    description: `${label}. Moves from here: ${moves.map(moveWords).join(', ')}.`,
    initial: 'idle',
    states: {
      idle: {
        description: `${label}: the console shows the moves this user may make.`,
        always: followServer(state),
        on: {
          ...(state === 'picking' ? { 'fulfil.substitute': substituteTransitions() } : {}),
          'fulfil.move': [
            ...(packs ? [unreadableWeight] : []),
            {
              description: 'A reason the move needs (a refusal, any staff move) is missing: said before anything is asked or sent.',
              guard: { type: 'reasonMissing', params: ({ event }: { event: PendingMove }) => ({ event }) },
              actions: { type: 'assignError', params: { message: fulfilmentMessages.reasonRequired } },
            },
            ...(asks
              ? [move(true, 'confirming', 'A move that ends the order (refuse, cancel): the console asks first, naming what will happen.')]
              : []),
            ...(packs
              ? [
                  {
                    description: 'Packing with a weight far from its line’s estimate (below 70%, above +10%): the console asks first, naming it.',
                    guard: { type: 'weighsFar' as const, params: ({ event }: { event: PendingMove }) => ({ from: state, event }) },
                    target: 'confirming',
                    actions: { type: 'assignPending' as const, params: pending },
                  },
                ]
              : []),
            move(false, 'moving', 'A move the table allows this user for this kind of order (a cancel: every part allows it): sent to the server.'),
          ],
        },
      },
      ...(asks || packs ? { confirming: confirmingNode(state) } : {}),
      ...(state === 'picking' ? substitutionNodes(state) : {}),
      moving: {
        description: 'Sending the move; the server takes it under the order’s row lock, or refuses it.',
        invoke: {
          id: 'moveOrder',
          src: 'moveOrder',
          input: ({ context }) => ({ orderNumber: context.orderNumber, actor: context.actor, locId: context.locId, pending: context.pending }),
          onDone: [
            ...moves.map((t) => ({
              description: `The server moved the order: ${fulfilmentStateWords(t.to, t.kinds)}.`,
              guard: { type: 'movedTo' as const, params: ({ event }: { event: { output: MoveOrderReply } }) => ({ reply: event.output, to: t.to }) },
              target: `#fulfilment.${fulfilmentStatePath(t.to)}`,
              actions: { type: 'assignMoved' as const, params: { to: t.to } },
            })),
            {
              description: "The server answered without moving it: its message (or 'Something Went Wrong.').",
              target: 'idle',
              actions: {
                type: 'assignError',
                params: ({ event }: { event: { output: MoveOrderReply } }) => ({ message: event.output.message ?? somethingWentWrongMessage }),
              },
            },
          ],
          onError: {
            description: 'Refused (moved by someone else first, a reason or a weight missing) or offline: the message, the order stays.',
            target: 'idle',
            actions: {
              type: 'assignError',
              params: ({ event }) => ({ message: messageOf(event.error, somethingWentWrongMessage) }),
            },
          },
        },
      },
    },
  };
}

/** A move in the words of the modes it is for: 'Start picking / Start preparing → Being picked / Being prepared', 'Served → Served (dine-in only)'. */
function moveWords(t: FulfilmentTransition): string {
  const only = t.kinds === undefined ? '' : ` (${t.kinds.map((kind) => fulfilmentKindNames[kind]).join(', ')} only)`;
  return `${fulfilmentEventWords(t.event, t.kinds)} → ${fulfilmentStateWords(t.to, t.kinds)}${only}`;
}

/** Packing with a weight the rules cannot read (weightUnreadable): nothing is sent. */
const unreadableWeight = {
  description: "Pack with a weight that cannot be read: its field says why, the server's last message goes, nothing is sent.",
  guard: { type: 'weightUnreadable' as const, params: ({ event }: { event: PendingMove }) => ({ event }) },
  actions: 'clearError' as const,
};

function confirmingNode(state: FulfilmentState): StateConfig {
  return {
    description:
      'Asking before a move that cannot be undone (a refusal ends this part, a cancel the order, packing at a weight far from the estimate), naming what will happen.',
    always: followServer(state),
    on: {
      'fulfil.confirm': { description: 'The user goes ahead: the move is sent.', target: 'moving' },
      'fulfil.keep': {
        description: 'Cancel (or weigh again): nothing is sent, the order and the weights typed as they were.',
        target: 'idle',
        actions: 'clearPending',
      },
    },
  };
}

/**
 * Someone else moved the order (the list read it, a poll's included): a card waiting or asking opens where the server
 * says, dropping the question; a move or substitute being sent waits for its own answer. The card stays mounted, so
 * what was typed into it (weights, a reason) is kept.
 */
function followServer(state: FulfilmentState): StateConfig['always'] {
  return {
    description: 'The list reports the order elsewhere (someone else moved it): it opens there, asking nothing.',
    guard: { type: 'movedElsewhere', params: { state } },
    target: '#fulfilment.opening',
    actions: 'clearPending',
  };
}

/** While picking: a substitute is sent at once; marking a line out asks first (the line leaves the order). */
function substituteTransitions() {
  const assignSubstitute = {
    type: 'assignSubstitute' as const,
    params: ({ event }: { event: PendingSubstitute }) => ({ substitute: { itemId: event.itemId, productId: event.productId } }),
  };
  return [
    {
      description: 'Mark out: the console asks first, naming the line (it leaves the order; the shopper is mailed, not charged).',
      guard: { type: 'marksOut' as const, params: ({ event }: { event: PendingSubstitute }) => ({ productId: event.productId }) },
      target: 'confirmingOut',
      actions: assignSubstitute,
    },
    {
      description: "Decision 039: a substitute the shopper's preference allows for a line that is out: sent.",
      target: 'substituting',
      actions: assignSubstitute,
    },
  ];
}

/** While picking: marking a line out asked about, then the substitute (or 'out') being sent; the shopper answers it on /order/status until packing. */
function substitutionNodes(state: FulfilmentState): StateConfigs {
  return {
    confirmingOut: {
      description: 'Asking before a line is marked out of stock: it leaves the order and the shopper is told.',
      always: followServer(state),
      on: {
        'fulfil.confirm': { description: 'The user goes ahead: the line is marked out.', target: 'substituting' },
        'fulfil.keep': { description: 'Cancel: the line stays as it was.', target: 'idle', actions: 'clearPending' },
      },
    },
    substituting: {
      description: 'Sending the substitute (or out); the server checks it against the preference and takes its stock, or refuses it.',
      invoke: {
        id: 'proposeSubstitute',
        src: 'proposeSubstitute',
        input: ({ context }) => ({ orderNumber: context.orderNumber, actor: context.actor, substitute: context.substituting }),
        onDone: {
          description: 'Saved: the shopper is asked (or the line is out); the console reloads the order.',
          target: 'idle',
          actions: 'countSubstitute',
        },
        onError: {
          description: 'Refused (not allowed by the preference, no stock, already answered) or offline: the message.',
          target: 'idle',
          actions: {
            type: 'assignError',
            params: ({ event }) => ({ message: messageOf(event.error, somethingWentWrongMessage) }),
          },
        },
      },
    },
  };
}

/** The opening of a phase (or of the whole order): it goes to the state the server reported, among the given ones. */
function openingNode(description: string, targets: { label: string; target: string; guard: StateGuard }[]): StateConfig {
  return {
    description,
    always: targets.map((t) => ({ description: `The server reported: ${t.label}.`, guard: t.guard, target: t.target })),
  };
}

type StateGuard = { type: 'startsIn'; params: { state: FulfilmentState } } | { type: 'startsInPhase'; params: { phase: FulfilmentPhase } };

/** A phase: its own opening, then its order states (each waiting or sending a move) as the table has them. */
function phaseNode(phase: FulfilmentPhase): StateConfig {
  const states = fulfilmentPhases[phase];
  return {
    description: phaseDescriptions[phase],
    initial: 'opening',
    states: {
      opening: openingNode(
        `The order opens in the state the server reported: ${states.map((s) => fulfilmentStateWords(s)).join(', ')}.`,
        states.map((state) => ({ label: fulfilmentStateWords(state), target: state, guard: { type: 'startsIn', params: { state } } })),
      ),
      ...Object.fromEntries(states.map((state) => [state, orderStateNode(state)])),
    },
  };
}

export const fulfilmentMachine = fulfilmentSetup.createMachine({
  description:
    "An order's life after it is placed, in the seller and staff consoles (/seller, /staff; issue 24): placed, accepted or refused, picking, packed (weighed), then out for delivery, ready for pick-up or served, and delivered or picked up; canceled by staff (or the shopper, before the cutoff). A dine-in order's steps read Being prepared and Table ready, then Served on its table's day (src/rules/fulfilment.ts fulfilmentStateLabel). The same table of moves as the server's (src/rules/fulfilment.ts), its states grouped in phases (decision 061).",
  id: 'fulfilment',
  context: ({ input }) => ({
    orderNumber: input.orderNumber,
    kind: input.kind,
    actor: input.actor,
    locId: input.locId,
    serverState: input.state,
    otherParts: input.otherParts,
    tableDay: input.tableDay,
    pending: undefined,
    error: undefined,
    substituting: undefined,
    substituted: 0,
    typed: {},
    reason: '',
  }),
  initial: 'opening',
  on: {
    'fulfil.reported': {
      description: "The list's latest word on the order and its other parts (a waiting card follows it); nothing else changes.",
      actions: {
        type: 'assignReport',
        params: ({ event }) => ({ report: { state: event.state, otherParts: event.otherParts, tableDay: event.tableDay } }),
      },
    },
    'fulfil.weight.type': {
      description: "A line's weight as typed, kept by line until it is sent, whatever the list redraws; the server's last message goes.",
      actions: { type: 'assignTyped', params: ({ event }) => ({ itemId: event.itemId, text: event.text }) },
    },
    'fulfil.reason.type': {
      description: "The reason as typed, kept until a move is taken (it goes only with one that takes a reason); the server's last message goes.",
      actions: { type: 'assignReason', params: ({ event }) => ({ text: event.text }) },
    },
  },
  states: {
    opening: openingNode('The order opens in the phase, or the final state, the server reported.', [
      ...fulfilmentPhaseNames.map((phase) => ({
        label: fulfilmentPhases[phase].map((s) => fulfilmentStateWords(s)).join(', '),
        target: phase,
        guard: { type: 'startsInPhase' as const, params: { phase } },
      })),
      ...finalFulfilmentStates.map((state) => ({
        label: fulfilmentStateWords(state),
        target: state,
        guard: { type: 'startsIn' as const, params: { state } },
      })),
    ]),
    ...Object.fromEntries(fulfilmentPhaseNames.map((phase) => [phase, phaseNode(phase)])),
    ...Object.fromEntries(finalFulfilmentStates.map((state) => [state, orderStateNode(state)])),
  },
});
