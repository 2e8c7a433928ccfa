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
  description: 'The welcome banners, then the store.',
  initial: 'showing',
  states: {
    showing: {
      description: "The banner slider with 'Start Shopping'.",
      after: { splashLifetime: { target: 'leaving', description: 'After a few seconds the store opens by itself.' } },
      on: { 'splash.skip': { target: 'leaving', description: "'Start Shopping': the store opens now." } },
    },
    leaving: {
      type: 'final',
      description: 'The store opens (all categories).',
      entry: 'goToStore',
    },
  },
});
