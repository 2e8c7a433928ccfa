import { createQueryId, sql, type CompiledQuery, type Expression, type Kysely, type KyselyPlugin, type QueryResult, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Hot statements built and compiled once per shape (issue 27): Kysely builds a query as a tree of frozen nodes and
 * compiles it to text on every run, about 120 µs of the server's one thread for the cart's lines read and tens of µs
 * for the others, a checkout's seven calls paying it 18 times. A shape is built once with a placeholder for each
 * value; every run fills the placeholders into the compiled parameters and sends the same text (which also keeps
 * decision 029's named statements hitting).
 *
 * Only values may be placeholders: a list (`in`), an optional column or a `null` that a builder turns into `is null`
 * changes the text, so such statements take an array parameter (`= any($1)`) or stay ordinary queries.
 */

/** A value left open in a shape's build; replaced by the run's value in the compiled parameters. */
class Placeholder {
  constructor(readonly key: string) {}
}

/** A value a query helper takes either as itself or as a shape's placeholder. */
export type Value<T> = T | Expression<T>;

/** What a shape's build writes where a value goes: `where('id', '=', value('cartId'))`. */
export type ShapeValue<Params> = <Key extends keyof Params & string>(key: Key) => RawBuilder<Params[Key]>;

/** A shape's build: a query of the database's tables whose values are placeholders. */
type ShapeBuild<Params, Row> = (db: Kysely<Database>, value: ShapeValue<Params>) => { compile(): CompiledQuery<Row> };

/** Where each compiled parameter comes from: a run's value by key, or a constant the build wrote itself. */
type Slot = { key: string } | { constant: unknown };

interface Template<Row> {
  compiled: CompiledQuery<Row>;
  slots: readonly Slot[];
}

export interface StatementShape<Params, Row> {
  /** Runs the shape on `db` (a transaction too) with these values. */
  execute(db: Kysely<Database>, params: Params): Promise<QueryResult<Row>>;
  /** The rows the run returns. */
  rows(db: Kysely<Database>, params: Params): Promise<Row[]>;
  /** The first row the run returns, if any. */
  first(db: Kysely<Database>, params: Params): Promise<Row | undefined>;
}

function templateOf<Row>(compiled: CompiledQuery<Row>): Template<Row> {
  const slots = compiled.parameters.map((parameter): Slot => (parameter instanceof Placeholder ? { key: parameter.key } : { constant: parameter }));
  return { compiled, slots };
}

/** A number per plugin object, so a handle's plugin list names the compiled text it makes (plugins may rewrite it). */
const pluginIds = new WeakMap<KyselyPlugin, number>();
let nextPluginId = 0;
function pluginKey(plugins: readonly KyselyPlugin[]): string {
  return plugins
    .map((plugin) => {
      let id = pluginIds.get(plugin);
      if (id === undefined) {
        id = nextPluginId++;
        pluginIds.set(plugin, id);
      }
      return id;
    })
    .join(',');
}

/**
 * `statementShape<{ cartId: string }>()((db, value) => db.selectFrom('carts').selectAll().where('id', '=', value('cartId')))`
 * (curried so the values' types are named and the row's type is inferred). A handle with plugins (a test's statement
 * counter, the bench's recorder, `plannedEachRun`) still has every plugin see every run's statement; its text is
 * compiled once per plugin list.
 */
export function statementShape<Params extends Record<string, unknown>>() {
  return <Row>(build: ShapeBuild<Params, Row>): StatementShape<Params, Row> => {
    const value = <Key extends keyof Params & string>(key: Key): RawBuilder<Params[Key]> => sql<Params[Key]>`${new Placeholder(key)}`;
    let plain: Template<Row> | undefined;
    const withPlugins = new Map<string, Template<Row>>();

    const plainTemplate = (db: Kysely<Database>): Template<Row> => {
      plain ??= templateOf(build(db.withoutPlugins(), value).compile());
      return plain;
    };

    const execute = (db: Kysely<Database>, params: Params): Promise<QueryResult<Row>> => {
      const executor = db.getExecutor();
      const base = plainTemplate(db);
      const queryId = createQueryId();
      let template = base;
      if (executor.plugins.length > 0) {
        // Every plugin sees the statement (a counter counts each run); the text its list makes is kept.
        const node = executor.transformQuery(base.compiled.query, queryId);
        const key = pluginKey(executor.plugins);
        let kept = withPlugins.get(key);
        if (kept === undefined) {
          kept = templateOf<Row>(executor.compileQuery(node, queryId));
          withPlugins.set(key, kept);
        }
        template = kept;
      }
      const parameters = template.slots.map((slot) => ('key' in slot ? params[slot.key] : slot.constant));
      const compiled: CompiledQuery<Row> = { query: template.compiled.query, queryId, sql: template.compiled.sql, parameters };
      return executor.executeQuery(compiled);
    };

    return {
      execute,
      rows: async (db, params) => (await execute(db, params)).rows,
      first: async (db, params) => (await execute(db, params)).rows[0],
    };
  };
}
