import { describe, expect, it } from 'vitest';
import { catalogueChanged, onCatalogueChanges } from '../../server/services/platform/catalogue-changes.ts';

/**
 * A statement changing thousands of offers' prices sends a notice per product, all in one turn: the caches that look
 * through their entries for a product (its page, the homes, the cards) hear them as one set, once a turn, so an
 * instance looks once rather than thousands of times (issue 27, scale-out).
 */
describe('one turn of product notices reaches a cache as one set', () => {
  it('hears a thousand notices of one turn once, with every product, before the next turn', async () => {
    const db = {};
    const heard: (number[] | 'all')[] = [];
    onCatalogueChanges(db, (change) => heard.push(change === 'all' ? 'all' : [...change]));
    for (let id = 1; id <= 1000; id++) catalogueChanged(db, { productId: id });
    catalogueChanged(db, { productId: 7 });
    expect(heard).toEqual([]);
    await Promise.resolve();
    expect(heard).toHaveLength(1);
    expect(heard[0]).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    catalogueChanged(db, { productId: 2001 });
    await new Promise((done) => setImmediate(done));
    expect(heard).toEqual([heard[0], [2001]]);
  });

  it("hears 'all' at once, and it takes the turn's earlier products with it", async () => {
    const db = {};
    const heard: (number[] | 'all')[] = [];
    onCatalogueChanges(db, (change) => heard.push(change === 'all' ? 'all' : [...change]));
    catalogueChanged(db, { productId: 1 });
    catalogueChanged(db, 'all');
    expect(heard).toEqual(['all']);
    catalogueChanged(db, { productId: 2 });
    await Promise.resolve();
    expect(heard).toEqual(['all', [2]]);
  });
});
