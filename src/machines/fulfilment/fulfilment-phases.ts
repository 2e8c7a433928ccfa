import type { FulfilmentState } from '../../rules/fulfilment.ts';

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

export const phaseDescriptions: Readonly<Record<FulfilmentPhase, string>> = {
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
