/**
 * The delivery options screen's second region: the sample star-rating price dialog beside the choices. Only
 * targets, no actions or guards, so it sits outside the machine's setup and keeps the machine file short.
 */
export const sampleRegion = {
  description: 'The sample star-rating price dialog.',
  initial: 'closed',
  states: {
    closed: {
      description: 'The sample price dialog is closed.',
      on: { 'sample.open': { description: 'The shopper opens the sample prices: what each star category costs.', target: 'open' } },
    },
    open: {
      description: 'The sample price dialog shows what each star category costs.',
      on: { 'sample.close': { description: 'The shopper closes the sample prices.', target: 'closed' } },
    },
  },
} as const;
