import { assign, createActor, setup, type AnyEventObject } from 'xstate';

/**
 * Stands in for the parent of a child machine (the cart for its line queue, coupon box and delivery groups): a
 * started actor that keeps every event it is sent, in order.
 */
export function reportRecorder<E extends AnyEventObject>() {
  const machine = setup({
    types: { context: {} as { reports: E[] }, events: {} as E },
    actions: { record: assign(({ context, event }) => ({ reports: [...context.reports, event] })) },
  }).createMachine({ context: { reports: [] }, on: { '*': { actions: 'record' } } });
  return createActor(machine).start();
}
