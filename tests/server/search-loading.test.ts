import { PostgresQueryCompiler, type CompiledQuery, type Kysely, type KyselyPlugin, type QueryResult } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.ts';
import { searchProducts, whenSearchLoaded, type SearchResult } from '../../server/services/catalogue/search.ts';
import { catalogueChanged } from '../../server/services/platform/catalogue-changes.ts';
import type { Log } from '../../server/services/platform/log.ts';
import { newYork } from './catalogue-helpers.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * Searches never wait for search's structures to load (decision 067, search-loading.ts): while the name index,
 * description index and card store load (a process's first search, after a catalogue notice), searches are answered
 * from the database with the answers memory gives, and once the loads are done, from memory. Each test's handle is
 * its own (the structures are per handle), its loads held at a gate the test opens.
 */
let t: TestApp;
let db: Kysely<Database>;
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

/** The three loads' statements (names, descriptions, cards): one text of every row's fields. */
const isLoad = (text: string) => text.includes('string_agg(concat_ws(chr(31)');

/**
 * A handle whose load statements' results are held until `open()` (or fail, `failing`), counting every other
 * statement it sends. Held past the statement, not inside it (a plugin's transformResult would keep the embedded
 * database's one connection): the loads are raw statements, which ask the handle for its executor.
 */
function gatedHandle(failing = false) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let loads = 0;
  let statements = 0;
  const counting: KyselyPlugin = {
    transformQuery(args) {
      if (!isLoad(new PostgresQueryCompiler().compileQuery(args.node, args.queryId).sql)) statements += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const counted = db.withPlugin(counting);
  const executor = counted.getExecutor();
  async function executeQuery<R>(compiled: CompiledQuery<R>): Promise<QueryResult<R>> {
    const result = await executor.executeQuery(compiled);
    if (!isLoad(compiled.sql)) return result;
    loads += 1;
    if (failing) throw new Error('load refused by the test');
    await opened;
    return result;
  }
  const gated = new Proxy(executor, {
    get: (target, key) => (key === 'executeQuery' ? executeQuery : bound(target, key)),
  });
  const handle = new Proxy(counted, {
    get: (target, key) => (key === 'getExecutor' ? () => gated : bound(target, key)),
  });
  return { handle, open, loads: () => loads, statements: () => statements };
}

/** A member of `target`, its methods bound to it (Kysely's classes keep private fields a proxy cannot reach). */
function bound(target: object, key: string | symbol): unknown {
  const value: unknown = Reflect.get(target, key, target);
  return typeof value === 'function' ? value.bind(target) : value;
}

const request = (text: string) => ({ text, locId: newYork.loc_id, page: 0, limit: 20 });
const texts = ['salmon', 'chicken thigh', 'beef', 'salmn', 'fresh from', 'lean', 'rib st', 'zzqxv'];

/** Each text's answer from memory, on the test app's own handle once its structures are loaded. */
async function fromMemory(): Promise<Map<string, SearchResult>> {
  await whenSearchLoaded(db);
  const answers = new Map<string, SearchResult>();
  for (const text of texts) answers.set(text, await searchProducts(db, request(text)));
  return answers;
}

describe('searches while search’s structures load', () => {
  it('are answered from the database without waiting, as memory answers them, then from memory', async () => {
    const expected = await fromMemory();
    const gate = gatedHandle();
    let loaded = false;
    for (const text of texts) {
      const before = gate.statements();
      // Answered while all three loads are held at the gate: the search did not wait for them.
      expect(await searchProducts(gate.handle, request(text)), text).toEqual(expected.get(text));
      expect(gate.statements() - before, `${text}: statements`).toBeGreaterThan(0);
    }
    // One load of each structure, however many searches came meanwhile. A load is counted when its statement returns:
    // on PostgreSQL (a pool, the loads beside the searches) that may be after the searches' own.
    await expect.poll(() => gate.loads()).toBe(3);
    const loading = whenSearchLoaded(gate.handle).then(() => (loaded = true));
    await searchProducts(gate.handle, request('salmon'));
    expect(loaded).toBe(false);

    gate.open();
    await loading;
    // Once loaded, the vocabulary's stemmed forms read by one search; then none sends a statement.
    await searchProducts(gate.handle, request('salmon'));
    for (const text of texts) {
      const before = gate.statements();
      expect(await searchProducts(gate.handle, request(text)), text).toEqual(expected.get(text));
      expect(gate.statements() - before, `${text}: statements`).toBe(0);
    }
    expect(gate.loads()).toBe(3);
  });

  it('see a change notified during a load, and what that load read is not kept', async () => {
    const gate = gatedHandle();
    const product = await db.selectFrom('products').select(['id', 'name']).where('name', 'ilike', '%salmon%').orderBy('id').executeTakeFirstOrThrow();
    const found = async (text: string) => {
      const result = await searchProducts(gate.handle, request(text));
      return result.kind === 'results' ? result.data.products.map((p) => p.id) : [];
    };
    expect(await found('salmon')).toContain(product.id);
    await expect.poll(() => gate.loads()).toBe(3);

    // Renamed while the loads (which read the old name) are held.
    await db.updateTable('products').set({ name: 'Quokkafillet Special' }).where('id', '=', product.id).execute();
    catalogueChanged(gate.handle, 'all');
    catalogueChanged(db, 'all');
    expect(await found('quokkafillet')).toEqual([product.id]);

    gate.open();
    await whenSearchLoaded(gate.handle);
    // The held loads were not kept: each structure loaded again, with the new name.
    expect(gate.loads()).toBe(6);
    await found('salmon');
    const before = gate.statements();
    expect(await found('quokkafillet')).toEqual([product.id]);
    expect(gate.statements() - before).toBe(0);

    await db.updateTable('products').set({ name: product.name }).where('id', '=', product.id).execute();
    catalogueChanged(db, 'all');
  });

  it('are answered from the database when a load fails, its error logged and tried again by a later search', async () => {
    const expected = await fromMemory();
    const gate = gatedHandle(true);
    const errors: unknown[] = [];
    const log: Log = { info: () => undefined, error: (fields) => errors.push(fields) };
    for (const text of texts.slice(0, 3)) expect(await searchProducts(gate.handle, { ...request(text), log }), text).toEqual(expected.get(text));
    await expect(whenSearchLoaded(gate.handle)).rejects.toThrow('load refused by the test');
    expect(errors.length).toBeGreaterThan(0);
    const tried = gate.loads();
    expect(await searchProducts(gate.handle, { ...request('beef'), log })).toEqual(expected.get('beef'));
    await expect(whenSearchLoaded(gate.handle)).rejects.toThrow('load refused by the test');
    expect(gate.loads()).toBeGreaterThan(tried);
  });
});
