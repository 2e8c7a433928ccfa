import { AliasNode, IdentifierNode, RawNode, SelectionNode, SelectQueryNode, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementShape } from '../../server/db/statement-shapes.ts';
import { statementCounter } from './statement-counter.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** Issue 27: hot statements built and compiled once, their values filled in on every run. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const offersOfVariant = statementShape<{ variantId: number; minStock: number }>()((db, value) =>
  db
    .selectFrom('variant_offers')
    .select(['id', 'variant_id', 'stock'])
    .where('variant_id', '=', value('variantId'))
    .where('stock', '>=', value('minStock'))
    // A constant of the build stays in the text's parameters.
    .where('stock', '<>', -1)
    .orderBy('id')
    .limit(3),
);

async function plainOffers(variantId: number, minStock: number) {
  return t.database.db
    .selectFrom('variant_offers')
    .select(['id', 'variant_id', 'stock'])
    .where('variant_id', '=', variantId)
    .where('stock', '>=', minStock)
    .orderBy('id')
    .limit(3)
    .execute();
}

/** Adds `1 as planted` to every select: a plugin whose rewriting shows in the rows. */
const planting: KyselyPlugin = {
  transformQuery({ node }) {
    if (!SelectQueryNode.is(node)) return node;
    const planted = SelectionNode.create(AliasNode.create(RawNode.createWithSql('1'), IdentifierNode.create('planted')));
    return SelectQueryNode.cloneWithSelections(node, [planted]);
  },
  transformResult: ({ result }) => Promise.resolve(result),
};

describe('a statement shape', () => {
  it('answers each run for its own values, as the query built with them does', async () => {
    const variants = await t.database.db.selectFrom('variant_offers').select('variant_id').distinct().orderBy('variant_id').limit(3).execute();
    expect(variants.length).toBe(3);
    for (const { variant_id: variantId } of variants) {
      for (const minStock of [0, 5]) {
        expect(await offersOfVariant.rows(t.database.db, { variantId, minStock })).toEqual(await plainOffers(variantId, minStock));
      }
    }
    expect(await offersOfVariant.first(t.database.db, { variantId: -1, minStock: 0 })).toBeUndefined();
  });

  it('fills a value used twice in both places, and runs inside a transaction', async () => {
    const both = statementShape<{ id: number }>()((db, value) =>
      db.selectFrom('variant_offers').select('id').where('id', '>=', value('id')).where('id', '<=', value('id')),
    );
    const offers = await t.database.db.selectFrom('variant_offers').select('id').orderBy('id').limit(2).execute();
    for (const { id } of offers) {
      expect(await t.database.db.transaction().execute((trx) => both.rows(trx, { id }))).toEqual([{ id }]);
    }
  });

  it('lets every plugin of the handle see every run and sends the text the plugins make', async () => {
    const counter = statementCounter();
    const db = t.database.db.withPlugin(planting).withPlugin(counter.plugin);
    const variant = await t.database.db.selectFrom('variant_offers').select('variant_id').orderBy('variant_id').executeTakeFirstOrThrow();
    const first = await offersOfVariant.rows(db, { variantId: variant.variant_id, minStock: 0 });
    const second = await offersOfVariant.rows(db, { variantId: variant.variant_id, minStock: 0 });
    expect(counter.count()).toBe(2);
    expect(first.length).toBeGreaterThan(0);
    for (const row of [...first, ...second]) expect(row).toMatchObject({ planted: 1 });
    // The handle without the plugin still sends the plain text.
    const plain = await offersOfVariant.rows(t.database.db, { variantId: variant.variant_id, minStock: 0 });
    expect(plain[0]).not.toHaveProperty('planted');
  });
});
