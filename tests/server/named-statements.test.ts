import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plannedEachRun, StatementNames } from '../../server/db/named-statements.ts';
import type { Database } from '../../server/db/schema.ts';
import { currentApplication } from '../../server/services/identity/kyc-applications.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/** Decision 029: hot statements run as named statements, planned once per connection. */
describe('StatementNames', () => {
  it('names a text from its second run on, and keeps its name', () => {
    const names = new StatementNames({ after: 2, max: 10 });
    expect(names.nameFor('select $1', 1)).toBeUndefined();
    const name = names.nameFor('select $1', 1);
    expect(name).toMatch(/^k\d+$/);
    expect(names.nameFor('select $1', 1)).toBe(name);
  });

  it('leaves unnamed what has no parameters, what prepared.ts prepared in SQL, and what plannedEachRun marked', () => {
    const names = new StatementNames({ after: 1, max: 10 });
    expect(names.nameFor('begin', 0)).toBeUndefined();
    expect(names.nameFor('execute product_detail_abc(1, 2)', 0)).toBeUndefined();
    expect(names.nameFor('execute product_detail_abc($1)', 1)).toBeUndefined();
    expect(names.nameFor('select * from products where id = $1 /* planned each run */', 1)).toBeUndefined();
  });

  it('names at most max texts: the rest run unnamed', () => {
    const names = new StatementNames({ after: 1, max: 2 });
    expect(names.nameFor('select $1', 1)).toBeDefined();
    expect(names.nameFor('select $1, 2', 1)).toBeDefined();
    expect(names.nameFor('select $1, 3', 1)).toBeUndefined();
    expect(names.size).toBe(2);
  });

  it('gives a text a fresh name when its statement was lost', () => {
    const names = new StatementNames({ after: 1, max: 10 });
    const first = names.nameFor('select $1', 1);
    names.renew('select $1');
    expect(names.nameFor('select $1', 1)).not.toBe(first);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(() => t.close());

/** The named statements of the connection `db` is pinned to, with their text. */
async function namedOn(db: Kysely<Database>): Promise<string[]> {
  const rows = await sql<{ statement: string }>`select statement from pg_prepared_statements where name ~ '^k[0-9]+$'`.execute(db);
  return rows.rows.map((r) => r.statement);
}

const sum = (a: number, b: number) => sql<{ n: number }>`select ${a}::int + ${b}::int as n`;

describe('a database handle', () => {
  it('runs a hot statement by name, with each run’s own values', async () => {
    await t.database.db.connection().execute(async (db) => {
      expect((await sum(1, 2).execute(db)).rows).toEqual([{ n: 3 }]);
      expect((await sum(40, 2).execute(db)).rows).toEqual([{ n: 42 }]);
      expect((await sum(5, 5).execute(db)).rows).toEqual([{ n: 10 }]);
      expect(await namedOn(db)).toContain(sum(0, 0).compile(db).sql);
    });
  });

  it('never names the statements of a plannedEachRun handle', async () => {
    const product = (id: number) => sql<{ n: number }>`select ${id}::int * 2 as n`;
    await t.database.db
      .withPlugin(plannedEachRun)
      .connection()
      .execute(async (db) => {
        for (const id of [1, 2, 3]) expect((await product(id).execute(db)).rows).toEqual([{ n: id * 2 }]);
        const query = db.selectFrom('products').select('id').where('id', '=', 1);
        for (let i = 0; i < 3; i++) await query.execute();
        expect(query.compile().sql).toMatch(/\/\* planned each run \*\/$/);
        const named = await namedOn(db);
        expect(named.filter((text) => text.includes('* 2 as n') || text.includes('"products"'))).toEqual([]);
      });
  });

  it('runs a statement the session lost under a new name', async () => {
    await t.database.db.connection().execute(async (db) => {
      for (let i = 0; i < 3; i++) await sum(i, 1).execute(db);
      await sql`deallocate all`.execute(db);
      // The first run after finds its name gone; the next parses afresh.
      await sum(1, 1)
        .execute(db)
        .catch(() => undefined);
      expect((await sum(2, 2).execute(db)).rows).toEqual([{ n: 4 }]);
    });
  });

  it('keeps an ON CONFLICT on a partial unique index working once PostgreSQL plans the named statement generically', async () => {
    // After five runs a named statement may get a generic plan, which cannot match a partial unique index against
    // parameters: the KYC application's insert failed from its sixth run on until its predicate became literals.
    const email = 'named.statements@example.com';
    const customer = await t.database.db
      .insertInto('customers')
      .values({ email, email_normalized: email, first_name: '', last_name: '', password_hash: null, is_guest: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = new Set<string>();
    for (let run = 0; run < 10; run++) ids.add((await currentApplication(t.database.db, customer.id)).applicationId);
    expect(ids.size).toBe(1);
  });
});
