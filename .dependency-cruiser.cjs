/**
 * The import fence (DESIGN.md "Naming and boundaries", docs/decisions/012-house-rules.md).
 *
 * Client: views → machines → api → rules. Server: routes → services → db and adapters; the seed apart; the service
 * areas in one order (serviceAreas below).
 * Every rule is an error and has a name; tests/architecture/fence.test.ts plants one violation of each kind and
 * checks that the rule named here reports it. Paths are relative to the repository root.
 *
 * Run with `npm run lint:fence` (tests/architecture/fence-cli.ts calls dependency-cruiser's JS API: its CLI refuses
 * Node 20, its API runs on it).
 */

/**
 * The server's service areas (server/services/<area>/), lowest first. An area imports only the areas before it, so no
 * two areas import each other (docs/decisions/033-server-areas.md):
 *
 *   platform ← identity ← catalogue ← cart ← accounts ← wallet ← payments ← checkout ← fulfilment
 *
 * A new area takes its place here; until it does, service-areas-listed refuses every import of it.
 */
const serviceAreas = ['platform', 'identity', 'catalogue', 'cart', 'accounts', 'wallet', 'payments', 'checkout', 'fulfilment'];
const areaOrder = serviceAreas.join(' ← ');

/** One rule per area but the top one: nothing from an area later in the order. */
const serviceAreaOrderRules = serviceAreas.slice(0, -1).map((area, i) => {
  const later = serviceAreas.slice(i + 1);
  return {
    name: `service-area-order-${area}`,
    severity: 'error',
    comment:
      `server/services/${area}/ imports only the areas before it in ${areaOrder}; never ${later.join(', ')}. Move ` +
      'what both need down to the lower area (or platform), or let the caller (a route, a later area) pass it in.',
    from: { path: `^server/services/${area}/` },
    to: { path: `^server/services/(${later.join('|')})/` },
  };
});

/** Everything npm resolves: a package's files, wherever node_modules sits. */
const packages = '(^|/)node_modules/';
/** A package by name, e.g. pkg('xstate') or pkg('(superstruct|swr)'). */
const pkg = (name) => `(^|/)node_modules/${name}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ── anywhere ────────────────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles, type-only ones included, tie modules together: move the shared part down a layer.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-require',
      severity: 'error',
      comment: 'ES modules only: no require(), import = require() or process.getBuiltinModule().',
      from: {},
      to: { dependencyTypes: ['require', 'exotic-require', 'import-equals', 'process-get-builtin-module'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to no file. Vite query imports (?worker, ?url, ?raw) are resolved by Vite.',
      from: {},
      to: { couldNotResolve: true, pathNot: '[?](worker|url|raw|inline)$' },
    },
    {
      name: 'no-non-package-json',
      severity: 'error',
      comment: 'A package that package.json does not list.',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      severity: 'error',
      comment:
        'Shipped code (src/, server/) needs its packages in "dependencies"; type-only imports are erased. src/dev ' +
        '(the /flows page, ?inspect) is never shipped: see dev-tools-only-by-dynamic-import. Nor is the identity ' +
        "worker's source-run shim (it registers tsx; npm start runs dist-server/identity-engine-worker.mjs, built by esbuild).",
      from: { path: '^(src|server)/', pathNot: ['^src/dev/', '^server/adapters/identity/identity-engine-worker[.]mjs$'] },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'], pathNot: pkg('@types') },
    },
    {
      name: 'not-to-tests',
      severity: 'error',
      comment: 'Tests stand outside the fence, and nothing shipped or benchmarked imports them.',
      from: { pathNot: '^tests/' },
      to: { path: '^tests/' },
    },

    {
      name: 'dev-tools-only-by-dynamic-import',
      severity: 'error',
      comment:
        'src/dev (the /flows page, the actor inspection, ?inspect) exists in development builds only: the rest of src ' +
        'reaches it through import() behind import.meta.env.DEV, which vite build drops (docs/decisions/019).',
      from: { path: '^src/', pathNot: '^src/dev/' },
      to: { path: '^src/dev/', dependencyTypesNot: ['dynamic-import'] },
    },

    // ── client: src/ ────────────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'The browser code never reaches into server/; the two share src/rules and src/api/contract.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'client-no-node-builtins',
      severity: 'error',
      comment: 'src/ runs in the browser: no node: modules (src/rules has its own rule).',
      from: { path: '^src/', pathNot: '^src/rules/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'rules-no-node-builtins',
      severity: 'error',
      comment: 'src/rules is pure functions shared by browser and server: no node: modules (fs, crypto, ...).',
      from: { path: '^src/rules/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'rules-no-packages',
      severity: 'error',
      comment: 'src/rules is pure functions: no packages (no React, no network, no validation library).',
      from: { path: '^src/rules/' },
      to: { path: packages },
    },
    {
      name: 'rules-only-rules',
      severity: 'error',
      comment: 'src/rules imports nothing of ours but other rules.',
      from: { path: '^src/rules/' },
      to: { dependencyTypes: ['local'], pathNot: '^src/rules/' },
    },
    {
      name: 'contract-only-contract-rules-superstruct',
      severity: 'error',
      comment: 'src/api/contract is shared with the server: it may import itself, src/rules and superstruct only.',
      from: { path: '^src/api/contract/' },
      to: { pathNot: ['^src/api/contract/', '^src/rules/', pkg('superstruct')] },
    },
    {
      name: 'api-only-api-rules-superstruct-swr',
      severity: 'error',
      comment: 'src/api (http client, call functions, SWR hooks) may import api, rules, superstruct and swr only.',
      from: { path: '^src/api/', pathNot: '^src/api/contract/' },
      to: { pathNot: ['^src/(api|rules)/', pkg('(superstruct|swr)')] },
    },
    {
      name: 'machines-only-machines-api-rules-xstate',
      severity: 'error',
      comment:
        'Machines may import machines, api, rules, xstate and superstruct (to check stored values): never views, ' +
        "React or styles. Which names of src/api/http.ts they may use is ESLint's no-restricted-imports.",
      from: { path: '^src/machines/' },
      to: { pathNot: ['^src/(machines|api|rules)/', pkg('(xstate|superstruct)')] },
    },
    {
      name: 'machines-not-to-swr-hooks',
      severity: 'error',
      comment: 'SWR hooks are React hooks for views; a machine calls the plain functions in src/api/*.api.ts.',
      from: { path: '^src/machines/' },
      to: { path: '[.]swr[.]ts$' },
    },
    {
      name: 'views-not-to-http-client',
      severity: 'error',
      comment: 'Views never call the server: no src/api/http.ts (call, the token). They send events to machines.',
      from: { path: '^src/views/' },
      to: { path: '^src/api/http[.]ts$' },
    },
    {
      name: 'views-api-only-swr-hooks',
      severity: 'error',
      comment:
        'Views reach src/api only through SWR hooks (src/api/**/*.swr.ts) for catalogue reads; everything that ' +
        'changes state goes through a machine. Contract types: see views-contract-type-only.',
      from: { path: '^src/views/' },
      to: { path: '^src/api/', pathNot: ['[.]swr[.]ts$', '^src/api/contract/', '^src/api/http[.]ts$'] },
    },
    {
      name: 'views-contract-type-only',
      severity: 'error',
      comment: "Views may name contract types (import type) but not use its structs: validation is the api layer's.",
      from: { path: '^src/views/' },
      to: { path: '^src/api/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'views-machines-through-doors',
      severity: 'error',
      comment:
        "Views and main.tsx reach a flow's machines only through its door, src/machines/<flow>/index.ts (the machine, " +
        'its selectors, its event types): never a machine file, a step machine or a helper inside the folder ' +
        '(docs/decisions/032). ESLint keeps createActor and snapshot.context out of views.',
      from: { path: '^src/(views/|main[.]tsx$)' },
      to: { path: '^src/machines/', pathNot: '^src/machines/[^/]+/index[.]ts$' },
    },
    {
      name: 'views-cross-area',
      severity: 'error',
      comment:
        'A view area (src/views/<area>/) imports another area only through src/views/controls or src/views/layout, ' +
        'and of the app shell (src/views/*.tsx) only app-context.tsx; the shell composes the areas.',
      from: { path: '^src/views/([^/]+)/' },
      to: {
        path: '^src/views/',
        pathNot: ['^src/views/$1/', '^src/views/(controls|layout)/', '^src/views/app-context[.]tsx$'],
      },
    },
    {
      name: 'styles-only-styles-vanilla-extract',
      severity: 'error',
      comment: 'src/styles (theme, breakpoints, global styles) imports only itself and vanilla-extract.',
      from: { path: '^src/styles/' },
      to: { pathNot: ['^src/styles/', pkg('@vanilla-extract/[^/]+')] },
    },

    // ── server/ ─────────────────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'server-only-rules-and-contract-from-src',
      severity: 'error',
      comment: 'The server takes src/rules and src/api/contract from the client side, nothing else.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: ['^src/rules/', '^src/api/contract/'] },
    },
    {
      name: 'services-not-to-routes-or-http',
      severity: 'error',
      comment: 'Services hold the domain logic the routes call: no routes, no HTTP glue (server/http), no Fastify.',
      from: { path: '^server/services/' },
      to: { path: ['^server/(routes|http)/', pkg('(fastify|@fastify/[^/]+)')] },
    },
    {
      name: 'routes-not-to-db-or-adapters',
      severity: 'error',
      comment:
        'Routes call services; the database and adapters (payments, mail) are built once in app.ts and passed in. ' +
        'Type-only imports (Kysely<Database>, a port interface) are fine.',
      from: { path: '^server/routes/' },
      to: { path: '^server/(db|adapters)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'http-not-to-routes',
      severity: 'error',
      comment: 'server/http is the glue the routes use (auth, guards, validation, errors); it never imports routes.',
      from: { path: '^server/http/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'db-not-to-upper-layers',
      severity: 'error',
      comment: 'server/db (schema, migrations, connection) imports no service, route or HTTP glue.',
      from: { path: '^server/db/', pathNot: '^server/db/seed/' },
      to: { path: '^server/(services|routes|http)/' },
    },
    {
      name: 'db-not-to-adapters',
      severity: 'error',
      comment: 'server/db may reuse a type a port declares (import type), never run adapter code.',
      from: { path: '^server/db/', pathNot: '^server/db/seed/' },
      to: { path: '^server/adapters/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'seed-apart',
      severity: 'error',
      comment:
        'Only the seed itself, the start (seed on start: server/main.ts, server/process/prepare-database.ts), bench and tests import the seed.',
      from: { pathNot: ['^server/db/seed/', '^server/main[.]ts$', '^server/process/prepare-database[.]ts$', '^bench/', '^tests/'] },
      to: { path: '^server/db/seed/' },
    },
    {
      name: 'seed-not-to-services-or-routes',
      severity: 'error',
      comment: 'The seed writes the catalogue with the db layer alone: no services, routes, HTTP glue or adapters.',
      from: { path: '^server/db/seed/' },
      to: { path: '^server/(services|routes|http|adapters)/' },
    },
    {
      name: 'adapters-not-to-db-schema',
      severity: 'error',
      comment:
        'Adapters are ports to the outside; they never reach the database schema, not even for its types (the back ' +
        'door). A port declares the types it needs; the schema may reuse them.',
      from: { path: '^server/adapters/' },
      to: { path: '^server/db/schema[.]ts$' },
    },
    {
      name: 'adapters-not-to-domain',
      severity: 'error',
      comment: 'Adapters import no service, route or HTTP glue: the domain calls them, not the other way round.',
      from: { path: '^server/adapters/' },
      to: { path: '^server/(services|routes|http)/' },
    },
    // platform (caches, rate limits, tokens, Caller) is first in the order: infrastructure every area may use.
    ...serviceAreaOrderRules,
    {
      name: 'service-areas-listed',
      severity: 'error',
      comment: `A service area missing from the order (${areaOrder}) in .dependency-cruiser.cjs: add it there first.`,
      from: { path: '^server/services/' },
      to: { path: '^server/services/[^/]+/', pathNot: `^server/services/(${serviceAreas.join('|')})/` },
    },

    // ── bench/ ──────────────────────────────────────────────────────────────────────────────────────────────────
    {
      name: 'bench-lib-not-to-suites',
      severity: 'error',
      comment:
        'bench/lib is the measuring code every suite shares; bench/suites are what the npm scripts run. A suite may ' +
        'import lib and its own helpers, lib never a suite (bench/README.md).',
      from: { path: '^bench/lib/' },
      to: { path: '^bench/suites/' },
    },
  ],
  options: {
    // Packages are leaves: their files are not cruised, only told apart (npm, npm-dev, ...).
    doNotFollow: { path: packages },
    moduleSystems: ['es6', 'cjs'],
    // Type-only imports count: views-contract-type-only tells them apart, no-circular sees type-only cycles.
    tsPreCompilationDeps: true,
    detectProcessBuiltinModuleCalls: true,
    // Packages are only followed to their entry file (for npm vs npm-dev); conditions as Vite and Node resolve them.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'browser', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
