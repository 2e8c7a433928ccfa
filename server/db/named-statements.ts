import {
  RawNode,
  SelectModifierNode,
  SelectQueryNode,
  type KyselyPlugin,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type pg from 'pg';

/**
 * When a statement text becomes a named (prepared) statement: from its `after`-th run on, for at most `max` texts.
 * Why: a named statement is parsed and analysed once per connection, and after five runs PostgreSQL may keep a
 * generic plan, so a hot keyed read or write skips the parser and usually the planner. On the embedded database
 * that work runs on the server's one thread for every statement of every request (issue 15, decision 029). A text
 * seen once (a list of ids inlined, a one-off report) never takes a name; the cap bounds the memory every
 * connection spends on plans.
 */
export interface NamedStatementRule {
  after: number;
  max: number;
}

export const defaultNamedStatementRule: NamedStatementRule = { after: 2, max: 500 };

/** The comment `plannedEachRun` ends a statement with: such a text is never named. */
const plannedEachRunMarker = '/* planned each run */';

/**
 * For reads whose best plan depends on their parameters (a listing of a big category or a small one, a search for a
 * common word or a rare one): `db.withPlugin(plannedEachRun)` runs their SELECTs unnamed, so PostgreSQL plans each
 * run for its own values and never settles on one generic plan for all.
 */
export const plannedEachRun: KyselyPlugin = {
  transformQuery({ node }) {
    const marker = RawNode.createWithSql(plannedEachRunMarker);
    if (SelectQueryNode.is(node)) {
      return { ...node, endModifiers: [...(node.endModifiers ?? []), SelectModifierNode.createWithExpression(marker)] };
    }
    if (RawNode.is(node)) {
      const fragments = [...node.sqlFragments];
      fragments[fragments.length - 1] = `${fragments.at(-1) ?? ''} ${plannedEachRunMarker}`;
      return RawNode.create(fragments, node.parameters);
    }
    return node;
  },
  transformResult: ({ result }) => Promise.resolve(result),
};

/** Texts counted before naming are forgotten past this many, so one-off texts cannot grow the count without bound. */
const maxCounted = 5_000;

/** The names handed out, shared by every connection of a pool (each prepares a name on its first use of it). */
export class StatementNames {
  readonly #names = new Map<string, string>();
  readonly #counts = new Map<string, number>();
  #issued = 0;

  constructor(private readonly rule: NamedStatementRule = defaultNamedStatementRule) {}

  /**
   * The statement's name once it is hot, else undefined (run unnamed). A statement without parameters (BEGIN,
   * COMMIT, a constant read), one already prepared in SQL (prepared.ts's EXECUTE) and one marked by plannedEachRun
   * stays unnamed.
   */
  nameFor(text: string, parameterCount: number): string | undefined {
    if (parameterCount === 0 || text.endsWith(plannedEachRunMarker) || text.startsWith('execute ')) return undefined;
    const name = this.#names.get(text);
    if (name !== undefined || this.#names.size >= this.rule.max) return name;
    const count = (this.#counts.get(text) ?? 0) + 1;
    if (count < this.rule.after) {
      if (this.#counts.size >= maxCounted) this.#counts.clear();
      this.#counts.set(text, count);
      return undefined;
    }
    this.#counts.delete(text);
    return this.#issue(text);
  }

  /**
   * The text's statement is gone or stale on the server (DEALLOCATE, or a table under it changed its columns): the
   * next run takes a fresh name, which every connection parses anew.
   */
  renew(text: string): void {
    if (this.#names.has(text)) this.#issue(text);
  }

  #issue(text: string): string {
    // The prefix keeps these apart from executePrepared's SQL-level names (prepared.ts) in the same session.
    const name = `k${this.#issued++}`;
    this.#names.set(text, name);
    return name;
  }

  get size(): number {
    return this.#names.size;
  }
}

/**
 * SQLSTATE 26000, "prepared statement does not exist" (the session dropped it), and 0A000, "cached plan must not
 * change result type" (a table under a named `select *` changed its columns while the server ran).
 */
function isLostStatement(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === '26000' || error.code === '0A000');
}

/** What this wrapper needs of a pg client: Kysely's view of it, and pg's query by name. */
type PgClient = PostgresPoolClient & {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<PostgresQueryResult<R>>;
};

/** A pool client that runs hot statements by name (see NamedStatementRule); cursors and cold texts pass through. */
class NamingClient implements PostgresPoolClient {
  constructor(
    private readonly client: PgClient,
    private readonly names: StatementNames,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return this.client.query(sqlOrCursor);
    const values = parameters === undefined ? [] : [...parameters];
    const name = this.names.nameFor(sqlOrCursor, values.length);
    if (name === undefined) return this.client.query<R>(sqlOrCursor, values);
    const run = this.client.query<R>({ name, text: sqlOrCursor, values });
    return run.catch((error: unknown) => {
      // This run fails (it may sit in a transaction that is now aborted); the next one parses under a new name.
      if (isLostStatement(error)) this.names.renew(sqlOrCursor);
      throw error;
    });
  }

  release(): void {
    this.client.release();
  }
}

/**
 * The pool Kysely's PostgresDialect is given: pg's pool, whose clients run hot statements as named statements. One
 * wrapper per pg client, so Kysely (which keys its connections by client) keeps one connection object per client.
 */
export function namingPool(pool: pg.Pool, names: StatementNames = new StatementNames()): PostgresPool {
  const wrappers = new WeakMap<PgClient, NamingClient>();
  return {
    async connect() {
      const client: PgClient = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = new NamingClient(client, names);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
