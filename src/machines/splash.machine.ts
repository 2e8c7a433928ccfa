import { setup } from 'xstate';

/** How long the splash's banner slider shows before the store opens. */
export const splashLifetimeMs = 4000;

/**
 * /splash (spec "Splash"): the banner slider, then /category/ALL. The shopper can go on at once ('splash.skip');
 * otherwise the store opens after splashLifetimeMs. The page provides goToStore (navigation belongs to it).
 */
export const splashMachine = setup({
  types: {
    events: {} as { type: 'splash.skip' },
  },
  delays: {
    splashLifetime: splashLifetimeMs,
  },
  actions: {
    goToStore: () => undefined,
  },
}).createMachine({
  id: 'splash',
  initial: 'showing',
  states: {
    showing: {
      after: { splashLifetime: { target: 'leaving' } },
      on: { 'splash.skip': { target: 'leaving' } },
    },
    leaving: {
      type: 'final',
      entry: 'goToStore',
    },
  },
});
