import { describe, expect, it } from 'vitest';
import { reviewDate } from '../../src/rules/reviews.ts';

describe('reviewDate', () => {
  it('writes the UTC day as en-US short dates do (it is written out, without Intl, for the product page)', () => {
    const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    // Every day of two years, at the edges of the UTC day, where a local-time slip would show.
    for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000) {
      for (const at of [day, day + 86_399_999]) expect(reviewDate(new Date(at).toISOString())).toBe(intl.format(at));
    }
    expect(reviewDate('2026-11-01T23:30:00-05:00')).toBe('Nov 2, 2026');
  });
  it('shows nothing for a date it cannot read', () => {
    expect(reviewDate('not a date')).toBe('');
  });
});
