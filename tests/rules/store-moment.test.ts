import { describe, expect, it } from 'vitest';
import { storeMoment } from '../../src/rules/store-moment.ts';

describe('an instant in the store time zone', () => {
  it("reads New York's clock with its zone, whatever the browser's zone", () => {
    expect(storeMoment('2026-11-30T10:49:00Z')).toBe('Nov 30, 2026, 5:49 AM EST');
    expect(storeMoment(new Date('2026-07-04T16:05:00Z'))).toBe('Jul 4, 2026, 12:05 PM EDT');
    // Past midnight in UTC, still the evening before in New York.
    expect(storeMoment('2026-12-01T03:30:00Z')).toBe('Nov 30, 2026, 10:30 PM EST');
  });
});
