import fs from 'node:fs';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWire, pgliteWireConfig } from '../../server/db/pglite-wire.ts';

/**
 * server/db/pglite-wire.ts stands in for node-postgres's Connection, which is not public API: pg's Client and Query
 * call its methods and read and write its fields (parsedStatements, submittedNamedStatements, _connecting, stream).
 * No public pg or PGlite API batches an extended query's messages (decision 035), so these checks fail loudly, naming
 * the member, when a pg or PGlite upgrade uses one the wire does not have, instead of queries hanging.
 */

const pgLib = path.resolve('node_modules/pg/lib');
const emitterMembers = new Set(Object.getOwnPropertyNames(EventEmitter.prototype));
/** Set by pg's Client on its connection when a connect times out; the wire has nothing to do with it. */
const writtenOnlyByPg = new Set(['_ending']);

/** Every member of `connection` / `con` that the installed pg's Client and Query use, from their source. */
function membersPgUses(): string[] {
  const used = new Set<string>();
  for (const file of ['client.js', 'query.js']) {
    const source = fs.readFileSync(path.join(pgLib, file), 'utf8');
    for (const match of source.matchAll(/\b(?:connection|con)\.([A-Za-z_$][\w$]*)/g)) if (match[1]) used.add(match[1]);
  }
  return [...used].filter((name) => !emitterMembers.has(name) && !writtenOnlyByPg.has(name)).sort();
}

let pglite: PGlite;
let pool: pg.Pool;

beforeAll(async () => {
  pglite = await PGlite.create();
  pool = new pg.Pool({ ...pgliteWireConfig(pglite), max: 1 });
});

afterAll(async () => {
  await pool.end();
  await pglite.close();
});

describe("PgliteWire against the installed pg's Connection (decision 035)", () => {
  it('has every member the installed pg Client and Query use on their connection', () => {
    const wire = new PgliteWire(pglite);
    const used = membersPgUses();
    // A sanity floor: the regex still finds the calls (an extended query, the statement caches, end()).
    expect(used).toEqual(expect.arrayContaining(['parse', 'bind', 'execute', 'sync', 'parsedStatements', 'submittedNamedStatements', 'stream']));
    const missing = used.filter((name) => !(name in wire));
    expect(missing, `pg uses these connection members PgliteWire lacks: ${missing.join(', ')}`).toEqual([]);
  });

  it("implements every method of pg's Connection that Client and Query may call", () => {
    const wire = new PgliteWire(pglite);
    // Connection's own plumbing for a socket, which only Connection itself calls.
    const socketOnly = new Set(['constructor', 'upgradeToSSL', 'attachListeners', '_send']);
    const methods = Object.getOwnPropertyNames(pg.Connection.prototype).filter((name) => !socketOnly.has(name));
    const missing = methods.filter((name) => typeof Reflect.get(wire, name) !== 'function');
    expect(methods.length).toBeGreaterThan(15);
    expect(missing, `pg's Connection has methods PgliteWire lacks: ${missing.join(', ')}`).toEqual([]);
  });

  it('still finds the statement caches on a fresh pg Connection, where the wire keeps its own copies', () => {
    const connection = new pg.Connection();
    for (const field of ['parsedStatements', 'submittedNamedStatements', 'stream']) expect(connection, field).toHaveProperty(field);
    expect(fs.readFileSync(path.join(pgLib, 'client.js'), 'utf8')).toContain('this.connection._connecting');
  });
});

describe('queries through PgliteWire', () => {
  it('runs simple, parameterised and named queries, and answers again after an error', async () => {
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await pool.query('select $1::int + $2::int as sum', [2, 3])).rows).toEqual([{ sum: 5 }]);
    // A named statement is parsed once: the second run reuses it through parsedStatements.
    const named = { name: 'wire_test_double', text: 'select $1::int * 2 as doubled' };
    expect((await pool.query({ ...named, values: [4] })).rows).toEqual([{ doubled: 8 }]);
    expect((await pool.query({ ...named, values: [5] })).rows).toEqual([{ doubled: 10 }]);
    await expect(pool.query('select * from no_such_table')).rejects.toThrow('no_such_table');
    expect((await pool.query('select $1::text as back', ['still open'])).rows).toEqual([{ back: 'still open' }]);
  });

  it('hands the one connection from client to client', async () => {
    for (const value of [1, 2, 3]) {
      const client = await pool.connect();
      try {
        expect((await client.query('select $1::int as value', [value])).rows).toEqual([{ value }]);
      } finally {
        client.release();
      }
    }
  });
});
