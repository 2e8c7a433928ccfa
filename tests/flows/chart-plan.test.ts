import { describe, expect, it } from 'vitest';
import { readChartPlan } from './flow-docs.ts';

/** docs/flows/chart-parts.json: which states are parts and how each chart is laid out, read back as written. */
describe('readChartPlan', () => {
  it('reads parts and each chart’s style', () => {
    const text = JSON.stringify({
      kyc: { parts: ['kyc.submitting'], styles: { kyc: { direction: 'LR' }, 'kyc.submitting': { direction: 'LR', notes: 'brief' } } },
      entry: { parts: [], styles: { entry: { notes: 'none' } } },
    });
    expect(readChartPlan(text)).toEqual({
      kyc: { parts: ['kyc.submitting'], styles: { kyc: { direction: 'LR' }, 'kyc.submitting': { direction: 'LR', notes: 'brief' } } },
      entry: { parts: [], styles: { entry: { notes: 'none' } } },
    });
  });

  it('reads the first plans, a bare list of parts, and leaves out what it does not know', () => {
    const text = JSON.stringify({ cart: ['cart.ready'], odd: 3, styled: { parts: ['a'], styles: { a: { direction: 'up', notes: 'all' } } } });
    expect(readChartPlan(text)).toEqual({ cart: { parts: ['cart.ready'], styles: {} }, styled: { parts: ['a'], styles: { a: {} } } });
    expect(readChartPlan(undefined)).toEqual({});
  });
});
