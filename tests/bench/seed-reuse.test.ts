import { describe, expect, it } from 'vitest';
import { seededSchemaKept } from '../../bench/lib/measure.ts';

/** A bench data set is reseeded only when a migration since its seed may change what the seed writes. */
describe('a kept bench data set after new migrations', () => {
  const seeded = ['041-offer-location-notify', '042-visit-stock-notify'];
  it('is reused after a migration that keeps seeded data (a trigger condition), and when nothing changed', () => {
    expect(seededSchemaKept(seeded, seeded)).toBe(true);
    expect(seededSchemaKept(seeded, [...seeded, '043-offer-notice-on-sign'])).toBe(true);
  });
  it('is seeded again after any other migration, or when it was never migrated', () => {
    expect(seededSchemaKept(seeded, [...seeded, '099-new-summaries'])).toBe(false);
    expect(seededSchemaKept([], seeded)).toBe(false);
  });
});
