import type {
  CompiledQuery,
  Kysely,
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Database } from './schema.ts';

/**
 * Records every query run through `db.withPlugin(recorder)`, compiled with its parameters, so a test or a bench can
 * EXPLAIN what a service really sent. Nothing in the running server uses it; it lives beside the connection so tests
 * and bench share one copy. `queries` may be emptied between runs.
 */
export class QueryRecorder implements KyselyPlugin {
  queries: CompiledQuery[] = [];
  constructor(private readonly db: Kysely<Database>) {}
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
