import { assign, fromPromise, setup } from 'xstate';
import type { MoveOrderReply, SubstitutionReply } from '../../api/contract/fulfilment.contract.ts';
import { moveOrder, proposeSubstitute, type ConsoleRole } from '../../api/fulfilment.api.ts';
import {
  finalFulfilmentStates,
  fulfilmentEventLabels,
  fulfilmentStateLabels,
  fulfilmentTransition,
  fulfilmentTransitions,
  type FulfilmentEvent,
  type FulfilmentKind,
  type FulfilmentState,
} from '../../rules/fulfilment.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';
import { messageOf } from '../shared/auth-failure.ts';

/**
 * Decision 061: the order's states grouped in the phases its chart is drawn in (the server's table is unchanged). The
 * states an order never leaves stay at the top, so that reaching one still ends the machine (a final state inside a
 * phase would only end the phase).
 */
export const fulfilmentPhases = {
  preparing: ['placed', 'accepted', 'picking', 'packed'],
  handingOver: ['out_for_delivery', 'ready_for_pickup'],
} as const satisfies Record<string, readonly FulfilmentState[]>;
export type FulfilmentPhase = keyof typeof fulfilmentPhases;
export const fulfilmentPhaseNames = Object.keys(fulfilmentPhases) as FulfilmentPhase[];

const phaseDescriptions: Readonly<Record<FulfilmentPhase, string>> = {
  preparing: 'Being prepared in the shop: placed, accepted, picking (substitutes proposed), packed (weighed).',
  handingOver: 'Handed over: out for delivery with the driver, or ready for pick-up at the counter.',
};

/** The phase an order state is drawn in, or undefined for a final state (drawn at the top). */
export function fulfilmentPhaseOf(state: FulfilmentState): FulfilmentPhase | undefined {
  return fulfilmentPhaseNames.find((phase) => (fulfilmentPhases[phase] as readonly FulfilmentState[]).includes(state));
}

/** Where an order state sits in the machine: `preparing.picking`, `delivered`. */
export function fulfilmentStatePath(state: FulfilmentState): string {
  const phase = fulfilmentPhaseOf(state);
  return phase === undefined ? state : `${phase}.${state}`;
}

export interface FulfilmentInput {
  orderNumber: string;
  /** Where the server says the order is now. */
  state: FulfilmentState;
  kind: FulfilmentKind;
  actor: ConsoleRole;
  /** The seller location whose part of the order this is (an order of several sellers is one part per seller). */
  locId: number;
}

export interface PendingMove {
  event: FulfilmentEvent;
  reason: string | undefined;
  weights: { item_id: number; grams: number }[] | undefined;
}

export interface FulfilmentContext {
  orderNumber: string;
  kind: FulfilmentKind;
  actor: ConsoleRole;
  locId: number;
  startState: FulfilmentState;
  pending: PendingMove | undefined;
  error: string | undefined;
  /** Decision 039: the line a substitute (or 'out') is being sent for, and how many were saved (the console reloads). */
  substituting: PendingSubstitute | undefined;
  substituted: number;
}

/** While picking: a substitute product for a line, or productId undefined to mark it out. */
export interface PendingSubstitute {
  itemId: number;
  productId: number | undefined;
}

/** What the moveOrder actor is given. */
export interface MoveInput {
  orderNumber: string;
  actor: ConsoleRole;
  locId: number;
  pending: PendingMove | undefined;
}

export type FulfilmentMachineEvent = ({ type: 'fulfil.move' } & PendingMove) | ({ type: 'fulfil.substitute' } & PendingSubstitute);

const fulfilmentSetup = setup({
  types: {
    context: {} as FulfilmentContext,
    input: {} as FulfilmentInput,
    events: {} as FulfilmentMachineEvent,
  },
  actors: {
    moveOrder: fromPromise<MoveOrderReply, MoveInput>(({ input }) =>
      moveOrder(input.actor, {
        order_id: input.orderNumber,
        loc_id: input.locId,
        event: input.pending?.event ?? 'accept',
        ...(input.pending?.reason === undefined ? {} : { reason: input.pending.reason }),
        ...(input.pending?.weights === undefined ? {} : { weights: input.pending.weights }),
      }),
    ),
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
    startsIn: ({ context }, params: { state: FulfilmentState }) => context.startState === params.state,
    startsInPhase: ({ context }, params: { phase: FulfilmentPhase }) => fulfilmentPhaseOf(context.startState) === params.phase,
    mayMove: ({ context }, params: { from: FulfilmentState; event: FulfilmentEvent }) =>
      fulfilmentTransition(params.from, params.event, context.actor, context.kind) !== undefined,
    movedTo: (_, params: { reply: MoveOrderReply; to: FulfilmentState }) => params.reply.code === 1 && params.reply.data?.state === params.to,
  },
  actions: {
    assignPending: assign((_, params: { pending: PendingMove }) => ({ pending: params.pending, error: undefined })),
    clearPending: assign({ pending: undefined, error: undefined }),
    assignError: assign((_, params: { message: string }) => ({ pending: undefined, substituting: undefined, error: params.message })),
    assignSubstitute: assign((_, params: { substitute: PendingSubstitute }) => ({ substituting: params.substitute, error: undefined })),
    countSubstitute: assign(({ context }) => ({ substituting: undefined, substituted: context.substituted + 1 })),
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
  const label = fulfilmentStateLabels[state];
  if (finalFulfilmentStates.includes(state)) return { type: 'final', description: `${label}: the order moves no more.` };
  const moves = fulfilmentTransitions.filter((t) => t.from === state);
  return {
    description: `${label}. Moves from here: ${moves.map((t) => `${fulfilmentEventLabels[t.event]} → ${fulfilmentStateLabels[t.to]}`).join(', ')}.`,
    initial: 'idle',
    states: {
      idle: {
        description: `${label}: the console shows the moves this user may make.`,
        on: {
          ...(state === 'picking'
            ? {
                'fulfil.substitute': {
                  description: "Decision 039: a substitute the shopper's preference allows for a line that is out, or the line marked out.",
                  target: 'substituting',
                  actions: {
                    type: 'assignSubstitute' as const,
                    params: ({ event }: { event: PendingSubstitute }) => ({ substitute: { itemId: event.itemId, productId: event.productId } }),
                  },
                },
              }
            : {}),
          'fulfil.move': {
            description: 'A move the table allows this user for this kind of order: it is sent to the server.',
            guard: { type: 'mayMove', params: ({ event }) => ({ from: state, event: event.event }) },
            target: 'moving',
            actions: {
              type: 'assignPending',
              params: ({ event }) => ({ pending: { event: event.event, reason: event.reason, weights: event.weights } }),
            },
          },
        },
      },
      ...(state === 'picking' ? substitutionNodes() : {}),
      moving: {
        description: 'Sending the move; the server takes it under the order’s row lock, or refuses it.',
        invoke: {
          id: 'moveOrder',
          src: 'moveOrder',
          input: ({ context }) => ({ orderNumber: context.orderNumber, actor: context.actor, locId: context.locId, pending: context.pending }),
          onDone: [
            ...moves.map((t) => ({
              description: `The server moved the order: ${fulfilmentStateLabels[t.to]}.`,
              guard: { type: 'movedTo' as const, params: ({ event }: { event: { output: MoveOrderReply } }) => ({ reply: event.output, to: t.to }) },
              target: `#fulfilment.${fulfilmentStatePath(t.to)}`,
              actions: 'clearPending' as const,
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

/** While picking: the substitute (or 'out') being sent; the shopper answers it on /order/status until packing. */
function substitutionNodes(): StateConfigs {
  return {
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
        `The order opens in the state the server reported: ${states.map((s) => fulfilmentStateLabels[s]).join(', ')}.`,
        states.map((state) => ({ label: fulfilmentStateLabels[state], target: state, guard: { type: 'startsIn', params: { state } } })),
      ),
      ...Object.fromEntries(states.map((state) => [state, orderStateNode(state)])),
    },
  };
}

export const fulfilmentMachine = fulfilmentSetup.createMachine({
  description:
    "An order's life after it is placed, in the seller and staff consoles (/seller, /staff; issue 24): placed, accepted or refused, picking, packed (weighed), then out for delivery, ready for pick-up or served, and delivered or picked up; canceled by staff (or the shopper, before the cutoff). The same table of moves as the server's (src/rules/fulfilment.ts), its states grouped in phases (decision 061).",
  id: 'fulfilment',
  context: ({ input }) => ({
    orderNumber: input.orderNumber,
    kind: input.kind,
    actor: input.actor,
    locId: input.locId,
    startState: input.state,
    pending: undefined,
    error: undefined,
    substituting: undefined,
    substituted: 0,
  }),
  initial: 'opening',
  states: {
    opening: openingNode('The order opens in the phase, or the final state, the server reported.', [
      ...fulfilmentPhaseNames.map((phase) => ({
        label: fulfilmentPhases[phase].map((s) => fulfilmentStateLabels[s]).join(', '),
        target: phase,
        guard: { type: 'startsInPhase' as const, params: { phase } },
      })),
      ...finalFulfilmentStates.map((state) => ({
        label: fulfilmentStateLabels[state],
        target: state,
        guard: { type: 'startsIn' as const, params: { state } },
      })),
    ]),
    ...Object.fromEntries(fulfilmentPhaseNames.map((phase) => [phase, phaseNode(phase)])),
    ...Object.fromEntries(finalFulfilmentStates.map((state) => [state, orderStateNode(state)])),
  },
});
