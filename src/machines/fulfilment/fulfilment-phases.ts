import { fulfilmentStateWords, type FulfilmentState } from '../../rules/fulfilment.ts';

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

/** Each phase in every mode's words (the chart is one for all modes): a dine-in order's are its table's (fulfilmentStateWords). */
export const phaseDescriptions: Readonly<Record<FulfilmentPhase, string>> = {
  preparing: `Being prepared in the shop or the restaurant's kitchen: ${fulfilmentStateWords('placed')}, ${fulfilmentStateWords('accepted')}, ${fulfilmentStateWords('picking')} (substitutes proposed), ${fulfilmentStateWords('packed')} (weighed).`,
  handingOver: `Handed over: ${fulfilmentStateWords('out_for_delivery')} with the driver, or ${fulfilmentStateWords('ready_for_pickup')} at the counter. A dine-in order never comes here: from ${fulfilmentStateWords('packed', ['dine_in'])} it is ${fulfilmentStateWords('served')} on its table's day.`,
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
