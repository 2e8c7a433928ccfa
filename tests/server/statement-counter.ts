import { PostgresQueryCompiler, type KyselyPlugin } from 'kysely';

/**
 * Counts the statements a Kysely handle sends (decision 027's round-trip budget, decision 021's one statement per
 * search): give `plugin` to `withPlugin`, read `count()` before and after a call.
 */
export function statementCounter(): { plugin: KyselyPlugin; count: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      statements += 1;
      if (process.env.STATEMENT_LOG)
        console.log(`SQL#${statements} ` + new PostgresQueryCompiler().compileQuery(args.node, args.queryId).sql.slice(0, 300));
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  return { plugin, count: () => statements };
}
