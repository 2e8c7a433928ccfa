import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executePrepared } from '../../server/services/platform/prepared.ts';
import { startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

describe('executePrepared', () => {
  it('runs a statement with its parameters, again and again', async () => {
    const add = (a: number, b: number) => sql<{ n: number }>`select ${a}::int + ${b}::int as n`;
    expect(await executePrepared(t.database.db, 'add', add(1, 2))).toEqual([{ n: 3 }]);
    expect(await executePrepared(t.database.db, 'add', add(40, 2))).toEqual([{ n: 42 }]);
  });

  it('prepares again on a connection that lost it', async () => {
    const one = sql<{ n: number }>`select ${1}::int as n`;
    expect(await executePrepared(t.database.db, 'one', one)).toEqual([{ n: 1 }]);
    await sql`deallocate all`.execute(t.database.db);
    expect(await executePrepared(t.database.db, 'one', one)).toEqual([{ n: 1 }]);
  });

  it('takes whole numbers only, never text', async () => {
    await expect(executePrepared(t.database.db, 'text', sql`select ${"'; drop table products; --"}::text`)).rejects.toThrow(TypeError);
    await expect(executePrepared(t.database.db, 'half', sql`select ${1.5}::numeric`)).rejects.toThrow(TypeError);
  });
});
