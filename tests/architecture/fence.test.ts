import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseFence, repoRoot, violationsOf, type FenceViolation } from './fence.ts';

/**
 * The import fence proves itself: a small tree with this project's folder layout gets one planted violation of each
 * kind beside imports that are allowed, and the lint tools must report exactly the planted ones, by rule name.
 * Then the real tree must pass every rule.
 */

/** One planted file each; the comment on each line says which rule it breaks (none: it is allowed). */
const tree: Record<string, string> = {
  'src/rules/money.ts': `export const cents = (dollars: number): number => Math.round(dollars * 100);\n`,
  'src/rules/reads-disk.ts': `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n`, // rules-no-node-builtins
  'src/rules/validates.ts': `import { string } from 'superstruct';\nexport const text = string();\n`, // rules-no-packages
  'src/rules/calls-api.ts': `import { call } from '../api/http.ts';\nexport const c = call;\n`, // rules-only-rules

  'src/api/http.ts': `export class ApiError extends Error {}\nexport async function call(path: string): Promise<string> {\n  return path;\n}\n`,
  'src/api/contract/cart.contract.ts': [
    `import { object, string, type Infer } from 'superstruct';`,
    `import { cents } from '../../rules/money.ts';`,
    `export const CartReply = object({ id: string() });`,
    `export type CartReply = Infer<typeof CartReply>;`,
    `export const zero = cents(0);`,
  ].join('\n'),
  'src/api/contract/calls.contract.ts': `import { call } from '../http.ts';\nexport const c = call;\n`, // contract-only-...
  'src/api/cart.api.ts': [
    `import { call } from './http.ts';`,
    `import { CartReply } from './contract/cart.contract.ts';`,
    `export const loadCart = () => call('/api/cart').then(() => CartReply);`,
  ].join('\n'),
  'src/api/cart.swr.ts': `import useSWR from 'swr';\nimport { loadCart } from './cart.api.ts';\nexport const useCart = () => useSWR('cart', loadCart);\n`,
  'src/api/renders.ts': `import { useState } from 'react';\nexport const s = useState;\n`, // api-only-...

  'src/machines/cart/cart.machine.ts': [
    `import { setup } from 'xstate';`,
    `import { ApiError } from '../../api/http.ts';`,
    `import { loadCart } from '../../api/cart.api.ts';`,
    `import { cents } from '../../rules/money.ts';`,
    `import { cartLinesMachine } from './cart-lines.machine.ts';`,
    `export const cartMachine = setup({ actors: { cartLinesMachine } }).createMachine({ id: 'cart' });`,
    `export const parts = [ApiError, loadCart, cents];`,
  ].join('\n'),
  'src/machines/cart/cart-lines.machine.ts': `import { setup } from 'xstate';\nexport const cartLinesMachine = setup({}).createMachine({ id: 'cartLines' });\n`,
  // The flow's door: what views may import of src/machines/cart/.
  'src/machines/cart/index.ts': [
    `import type { SnapshotFrom } from 'xstate';`,
    `import type { cartMachine } from './cart.machine.ts';`,
    `export { cartMachine } from './cart.machine.ts';`,
    `export const selectCartId = (s: SnapshotFrom<typeof cartMachine>) => s.value;`,
  ].join('\n'),
  'src/main.tsx': `import { cartMachine } from './machines/cart/cart.machine.ts';\nexport const m = cartMachine;\n`, // views-machines-through-doors
  'src/machines/shows.machine.ts': `import { CartPage } from '../views/cart/cart-page.tsx';\nexport const v = CartPage;\n`, // machines-only-...
  'src/machines/hooks.machine.ts': `import { useState } from 'react';\nexport const h = useState;\n`, // machines-only-...
  'src/machines/swr.machine.ts': `import { useCart } from '../api/cart.swr.ts';\nexport const h = useCart;\n`, // machines-not-to-swr-hooks

  'src/styles/theme.css.ts': `import { style } from '@vanilla-extract/css';\nexport const box = style({});\n`,
  'src/styles/shows.css.ts': `import { CartPage } from '../views/cart/cart-page.tsx';\nexport const v = CartPage;\n`, // styles-only-...

  'src/views/app-context.tsx': `export const AppContext = {};\n`,
  'src/views/controls/text-field.tsx': `export function TextField() {\n  return null;\n}\n`,
  'src/views/layout/header.tsx': `import { PincodeDialog } from '../pages/pincode-dialog.tsx';\nexport const h = PincodeDialog;\n`, // views-cross-area
  'src/views/pages/pincode-dialog.tsx': `export function PincodeDialog() {\n  return null;\n}\n`,
  'src/views/cart/cart-page.tsx': [
    `import type { CartReply } from '../../api/contract/cart.contract.ts';`,
    `import { useCart } from '../../api/cart.swr.ts';`,
    `import { cartMachine, selectCartId } from '../../machines/cart/index.ts';`,
    `import { cents } from '../../rules/money.ts';`,
    `import { box } from '../../styles/theme.css.ts';`,
    `import { AppContext } from '../app-context.tsx';`,
    `import { TextField } from '../controls/text-field.tsx';`,
    `import { h } from '../layout/header.tsx';`,
    `export function CartPage(props: { cart?: CartReply }) {`,
    `  return [props, useCart, cartMachine, selectCartId, cents, box, AppContext, TextField, h].length;`,
    `}`,
  ].join('\n'),
  'src/dev/live-actors.ts': `import { createBrowserInspector } from '@statelyai/inspect';\nexport const i = createBrowserInspector;\n`,
  'src/views/cart/lazy-dev-tools.ts': `export const tools = () => import('../../dev/live-actors.ts');\n`,
  'src/views/cart/static-dev-tools.ts': `import { i } from '../../dev/live-actors.ts';\nexport const tools = i;\n`, // dev-tools-only-by-dynamic-import
  // A view that starts a step machine itself, behind the door's back:
  'src/views/cart/starts-lines.ts': `import { createActor } from 'xstate';\nimport { cartLinesMachine } from '../../machines/cart/cart-lines.machine.ts';\nexport const lines = createActor(cartLinesMachine).start();\n`, // views-machines-through-doors
  'src/views/cart/calls-server.ts': `import { call } from '../../api/http.ts';\nexport const c = call;\n`, // views-not-to-http-client
  'src/views/cart/calls-api.ts': `import { loadCart } from '../../api/cart.api.ts';\nexport const c = loadCart;\n`, // views-api-only-swr-hooks
  'src/views/cart/validates.ts': `import { CartReply } from '../../api/contract/cart.contract.ts';\nexport const c = CartReply;\n`, // views-contract-type-only
  'src/views/cart/reaches-server.ts': `import type { Database } from '../../../server/db/schema.ts';\nexport type D = Database;\n`, // client-not-to-server
  'src/views/cart/reads-disk.ts': `import path from 'node:path';\nexport const p = path;\n`, // client-no-node-builtins
  'src/views/cart/uses-test-runner.ts': `import { expect } from 'vitest';\nexport const e = expect;\n`, // not-to-dev-dep
  'src/views/account/borrows-checkout.tsx': `import { CardTab } from '../checkout/card-tab.tsx';\nexport const c = CardTab;\n`, // views-cross-area
  'src/views/store/store-home.tsx': `export function StoreHome() {\n  return null;\n}\n`,
  'src/views/checkout/card-tab.tsx': `export function CardTab() {\n  return null;\n}\n`,
  // A type-only cycle, as the checkout steps had with checkout-page.tsx:
  'src/views/checkout/checkout-page.tsx': `import { AddressStep } from './address-step.tsx';\nexport type CheckoutActor = { id: string };\nexport const s = AddressStep;\n`, // no-circular
  'src/views/checkout/address-step.tsx': `import type { CheckoutActor } from './checkout-page.tsx';\nexport function AddressStep(_: { actor: CheckoutActor }) {\n  return null;\n}\n`, // no-circular

  'server/main.ts': `import { seedCatalogue } from './db/seed/seed-catalogue.ts';\nexport const s = seedCatalogue;\n`,
  'server/db/schema.ts': [
    `import type { MailPort } from '../adapters/mail/mail-port.ts';`,
    `export interface Database {`,
    `  carts: { id: number };`,
    `  outbox: { sender: MailPort };`,
    `}`,
  ].join('\n'),
  'server/db/migrate.ts': `import { outboxMail } from '../adapters/mail/outbox-mail.ts';\nexport const m = outboxMail;\n`, // db-not-to-adapters
  'server/db/connection.ts': `import { carts } from '../services/carts.ts';\nexport const c = carts;\n`, // db-not-to-upper-layers
  'server/db/seed/seed-catalogue.ts': [
    `import type { Database } from '../schema.ts';`,
    `import { carts } from '../../services/carts.ts';`, // seed-not-to-services-or-routes
    `export const seedCatalogue = (db: Database) => [db, carts];`,
  ].join('\n'),
  'server/http/auth.ts': `import { carts } from '../services/carts.ts';\nexport const auth = carts;\n`,
  'server/http/routes-back.ts': `import { cartRoutes } from '../routes/cart.routes.ts';\nexport const r = cartRoutes;\n`, // http-not-to-routes
  'server/routes/cart.routes.ts': [
    `import type { Database } from '../db/schema.ts';`,
    `import type { MailPort } from '../adapters/mail/mail-port.ts';`,
    `import { auth } from '../http/auth.ts';`,
    `import { carts } from '../services/carts.ts';`,
    `export const cartRoutes = (db: Database, mail: MailPort) => [db, mail, auth, carts];`,
  ].join('\n'),
  'server/routes/builds-mailer.ts': `import { outboxMail } from '../adapters/mail/outbox-mail.ts';\nexport const m = outboxMail;\n`, // routes-not-to-db-or-adapters
  'server/services/carts.ts': [
    `import { CartReply } from '../../src/api/contract/cart.contract.ts';`,
    `import { cents } from '../../src/rules/money.ts';`,
    `export const carts = [CartReply, cents];`,
  ].join('\n'),
  'server/services/links-route.ts': `import { cartRoutes } from '../routes/cart.routes.ts';\nexport const r = cartRoutes;\n`, // services-not-to-routes-or-http
  'server/services/reseeds.ts': `import { seedCatalogue } from '../db/seed/seed-catalogue.ts';\nexport const s = seedCatalogue;\n`, // seed-apart
  'server/services/renders.ts': `import { CartPage } from '../../src/views/cart/cart-page.tsx';\nexport const v = CartPage;\n`, // server-only-...
  'server/services/runs-machine.ts': `import { cartMachine } from '../../src/machines/cart/index.ts';\nexport const m = cartMachine;\n`, // server-only-...
  'server/services/uses-fixture.ts': `import { fixture } from '../../tests/server/fixture.ts';\nexport const f = fixture;\n`, // not-to-tests
  'server/services/legacy.ts': `const fs = require('node:fs');\nexport const f = fs;\n`, // no-require
  'server/services/builtin.ts': `export const fs = process.getBuiltinModule('node:fs');\n`, // no-require
  'server/services/typo.ts': `import { nothing } from './not-there.ts';\nexport const n = nothing;\n`, // not-to-unresolvable
  'server/services/transitive.ts': `import picomatch from 'picomatch';\nexport const p = picomatch;\n`, // no-non-package-json
  // The service areas, in order platform ← identity ← catalogue ← cart ← accounts ← wallet ← payments ← checkout ← fulfilment:
  // each imports one area before it (allowed) and one after it (service-area-order-<area>).
  'server/services/platform/tokens.ts': `import { session } from '../accounts/sessions.ts';\nexport const t = session;\n`, // service-area-order-platform
  'server/services/platform/rate-limit.ts': `export const t = 1;\n`,
  'server/services/identity/kyc.ts': `import { offers } from '../catalogue/offers.ts';\nexport const kyc = offers;\n`, // service-area-order-identity
  'server/services/identity/face-check.ts': `import { t } from '../platform/rate-limit.ts';\nexport const face = t;\n`,
  'server/services/catalogue/offers.ts': `import { face } from '../identity/face-check.ts';\nexport const offers = face;\n`,
  'server/services/catalogue/in-cart.ts': `import { lines } from '../cart/lines.ts';\nexport const inCart = lines;\n`, // service-area-order-catalogue
  'server/services/cart/lines.ts': `import { offers } from '../catalogue/offers.ts';\nexport const lines = offers;\n`,
  'server/services/cart/signed-in.ts': `import { session } from '../accounts/sessions.ts';\nexport const s = session;\n`, // service-area-order-cart
  'server/services/accounts/sessions.ts': `import { lines } from '../cart/lines.ts';\nexport const session = lines;\n`,
  'server/services/accounts/dashboard.ts': `import { cards } from '../payments/cards.ts';\nexport const d = cards;\n`, // service-area-order-accounts
  'server/services/wallet/redeem.ts': `import { session } from '../accounts/sessions.ts';\nexport const redeem = session;\n`,
  'server/services/wallet/pay.ts': `import { cards } from '../payments/cards.ts';\nexport const pay = cards;\n`, // service-area-order-wallet
  'server/services/payments/cards.ts': `import { redeem } from '../wallet/redeem.ts';\nexport const cards = redeem;\n`,
  'server/services/payments/give-back.ts': `import { place } from '../checkout/place.ts';\nexport const g = place;\n`, // service-area-order-payments
  'server/services/checkout/place.ts': `import { cards } from '../payments/cards.ts';\nexport const place = cards;\n`,
  'server/services/checkout/orders.ts': `import { row } from '../orders/order-row.ts';\nexport const o = row;\n`, // service-areas-listed
  'server/services/checkout/moves.ts': `import { move } from '../fulfilment/move.ts';\nexport const m = move;\n`, // service-area-order-checkout
  'server/services/fulfilment/move.ts': `import { place } from '../checkout/place.ts';\nexport const move = place;\n`,
  'server/services/orders/order-row.ts': `export const row = 1;\n`,
  'server/adapters/mail/mail-port.ts': `export interface MailPort {\n  send(to: string): Promise<void>;\n}\n`,
  'server/adapters/mail/outbox-mail.ts': `import type { Database } from '../../db/schema.ts';\nexport const outboxMail = (db: Database) => db;\n`, // adapters-not-to-db-schema
  'server/adapters/mail/smtp-mail.ts': `import { carts } from '../../services/carts.ts';\nexport const smtp = carts;\n`, // adapters-not-to-domain

  'tests/server/fixture.ts': `import { carts } from '../../server/services/carts.ts';\nexport const fixture = carts;\n`,

  'bench/lib/measure.ts': `export const percentile = (sorted: number[]): number => sorted[0] ?? NaN;\n`,
  'bench/suites/search.bench.ts': `import { percentile } from '../lib/measure.ts';\nexport const p = percentile([]);\n`,
  'bench/lib/runs-suite.ts': `import { p } from '../suites/search.bench.ts';\nexport const q = p;\n`, // bench-lib-not-to-suites
};

/**
 * What dependency-cruiser must report on the tree: `rule: from → to`, packages as `pkg:name`, node: builtins by bare name,
 * a cycle once (from the module it reports first).
 */
const expectedFence = [
  'bench-lib-not-to-suites: bench/lib/runs-suite.ts → bench/suites/search.bench.ts',
  'adapters-not-to-db-schema: server/adapters/mail/outbox-mail.ts → server/db/schema.ts',
  'adapters-not-to-domain: server/adapters/mail/smtp-mail.ts → server/services/carts.ts',
  'api-only-api-rules-superstruct-swr: src/api/renders.ts → pkg:react',
  'client-no-node-builtins: src/views/cart/reads-disk.ts → path',
  'client-not-to-server: src/views/cart/reaches-server.ts → server/db/schema.ts',
  'contract-only-contract-rules-superstruct: src/api/contract/calls.contract.ts → src/api/http.ts',
  'db-not-to-adapters: server/db/migrate.ts → server/adapters/mail/outbox-mail.ts',
  'db-not-to-upper-layers: server/db/connection.ts → server/services/carts.ts',
  'http-not-to-routes: server/http/routes-back.ts → server/routes/cart.routes.ts',
  'dev-tools-only-by-dynamic-import: src/views/cart/static-dev-tools.ts → src/dev/live-actors.ts',
  'machines-not-to-swr-hooks: src/machines/swr.machine.ts → src/api/cart.swr.ts',
  'machines-only-machines-api-rules-xstate: src/machines/hooks.machine.ts → pkg:react',
  'machines-only-machines-api-rules-xstate: src/machines/shows.machine.ts → src/views/cart/cart-page.tsx',
  'no-circular: src/views/checkout/address-step.tsx → src/views/checkout/checkout-page.tsx',
  'no-non-package-json: server/services/transitive.ts → pkg:picomatch',
  'no-require: server/services/builtin.ts → fs',
  'no-require: server/services/legacy.ts → fs',
  'not-to-dev-dep: src/views/cart/uses-test-runner.ts → pkg:vitest',
  'not-to-tests: server/services/uses-fixture.ts → tests/server/fixture.ts',
  'not-to-unresolvable: server/services/typo.ts → ./not-there.ts',
  'routes-not-to-db-or-adapters: server/routes/builds-mailer.ts → server/adapters/mail/outbox-mail.ts',
  'rules-no-node-builtins: src/rules/reads-disk.ts → fs',
  'rules-no-packages: src/rules/validates.ts → pkg:superstruct',
  'rules-only-rules: src/rules/calls-api.ts → src/api/http.ts',
  'seed-apart: server/services/reseeds.ts → server/db/seed/seed-catalogue.ts',
  'seed-not-to-services-or-routes: server/db/seed/seed-catalogue.ts → server/services/carts.ts',
  'server-only-rules-and-contract-from-src: server/services/renders.ts → src/views/cart/cart-page.tsx',
  'server-only-rules-and-contract-from-src: server/services/runs-machine.ts → src/machines/cart/index.ts',
  'service-area-order-accounts: server/services/accounts/dashboard.ts → server/services/payments/cards.ts',
  'service-area-order-cart: server/services/cart/signed-in.ts → server/services/accounts/sessions.ts',
  'service-area-order-catalogue: server/services/catalogue/in-cart.ts → server/services/cart/lines.ts',
  'service-area-order-checkout: server/services/checkout/moves.ts → server/services/fulfilment/move.ts',
  'service-area-order-identity: server/services/identity/kyc.ts → server/services/catalogue/offers.ts',
  'service-area-order-payments: server/services/payments/give-back.ts → server/services/checkout/place.ts',
  'service-area-order-platform: server/services/platform/tokens.ts → server/services/accounts/sessions.ts',
  'service-area-order-wallet: server/services/wallet/pay.ts → server/services/payments/cards.ts',
  'service-areas-listed: server/services/checkout/orders.ts → server/services/orders/order-row.ts',
  'services-not-to-routes-or-http: server/services/links-route.ts → server/routes/cart.routes.ts',
  'styles-only-styles-vanilla-extract: src/styles/shows.css.ts → src/views/cart/cart-page.tsx',
  'views-api-only-swr-hooks: src/views/cart/calls-api.ts → src/api/cart.api.ts',
  'views-contract-type-only: src/views/cart/validates.ts → src/api/contract/cart.contract.ts',
  'views-cross-area: src/views/account/borrows-checkout.tsx → src/views/checkout/card-tab.tsx',
  'views-cross-area: src/views/layout/header.tsx → src/views/pages/pincode-dialog.tsx',
  'views-machines-through-doors: src/main.tsx → src/machines/cart/cart.machine.ts',
  'views-machines-through-doors: src/views/cart/starts-lines.ts → src/machines/cart/cart-lines.machine.ts',
  'views-not-to-http-client: src/views/cart/calls-server.ts → src/api/http.ts',
];

/** Files ESLint must reject, with the rule that says why. Linted in the same tree. */
const eslintPlants: Record<string, { code: string; rule: string }> = {
  'server/services/legacy.ts': { code: tree['server/services/legacy.ts'] ?? '', rule: '@typescript-eslint/no-require-imports' },
  'src/views/store/lazy-template.ts': {
    code: 'export const page = (name: string) => import(`./pages/${name}.tsx`);\n',
    rule: 'no-restricted-syntax',
  },
  'src/views/store/lazy-variable.ts': {
    code: `export const page = (file: string) => import(file);\n`,
    rule: 'no-restricted-syntax',
  },
  'server/services/create-require.ts': {
    code: `import { createRequire } from 'node:module';\nexport const load = createRequire(import.meta.url);\n`,
    rule: 'no-restricted-imports',
  },
  'src/api/contract/throws-to-coerce.ts': {
    code: `import { coerce, number, string } from 'superstruct';\nexport const n = coerce(number(), string(), Number);\n`,
    rule: 'no-restricted-imports',
  },
  'src/machines/calls-directly.machine.ts': {
    code: `import { call } from '../api/http.ts';\nexport const c = call;\n`,
    rule: 'no-restricted-imports',
  },
  'src/views/cart/fetches.tsx': {
    code: `export const load = () => fetch('/api/cart');\n`,
    rule: 'no-restricted-globals',
  },
  'src/views/cart/starts-lines.ts': { code: tree['src/views/cart/starts-lines.ts'] ?? '', rule: 'no-restricted-imports' },
  'src/views/cart/reads-context.tsx': {
    code: `import { useSelector } from '@xstate/react';\nimport type { ActorRefFrom } from 'xstate';\nimport type { cartMachine } from '../../machines/cart/index.ts';\nexport const useCart = (actor: ActorRefFrom<typeof cartMachine>) => useSelector(actor, (s) => s.context);\n`,
    rule: 'no-restricted-syntax',
  },
  'src/views/cart/destructures-context.tsx': {
    code: `import { useSelector } from '@xstate/react';\nimport type { ActorRefFrom } from 'xstate';\nimport type { cartMachine } from '../../machines/cart/index.ts';\nexport function useCart(actor: ActorRefFrom<typeof cartMachine>) {\n  const { context } = useSelector(actor, (s) => s);\n  return context;\n}\n`,
    rule: 'no-restricted-syntax',
  },
  'src/views/cart/untyped.ts': {
    code: `export const anything = (value: any) => value;\n`,
    rule: '@typescript-eslint/no-explicit-any',
  },
  'src/views/cart/hook-in-branch.tsx': {
    code: `import { useState } from 'react';\nexport function Box({ open }: { open: boolean }) {\n  if (open) useState(0);\n  return null;\n}\n`,
    rule: 'react-hooks/rules-of-hooks',
  },
  'src/views/cart/effect-deps.tsx': {
    code: `import { useEffect } from 'react';\nexport function Box({ id }: { id: string }) {\n  useEffect(() => console.log(id), []);\n  return null;\n}\n`,
    rule: 'react-hooks/exhaustive-deps',
  },
};

/** Allowed by ESLint: literal dynamic imports, ApiError from http.ts in a machine, contract types and a door's selectors in a view. */
const eslintAllowed: Record<string, string> = {
  'src/views/store/lazy-literal.ts': `export const page = () => import('./store-home.tsx');\n`,
  'src/machines/cart/cart.machine.ts': tree['src/machines/cart/cart.machine.ts'] ?? '',
  'src/machines/cart/index.ts': tree['src/machines/cart/index.ts'] ?? '',
  'src/views/cart/cart-page.tsx': tree['src/views/cart/cart-page.tsx'] ?? '',
};

function described(v: FenceViolation): string {
  const to = v.to.includes('node_modules/') ? `pkg:${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(v.to)?.[1] ?? v.to}` : v.to;
  return `${v.rule}: ${v.from} → ${to}`;
}

let planted: string;

beforeAll(() => {
  planted = fs.mkdtempSync(path.join(os.tmpdir(), 'fence-'));
  for (const [file, code] of Object.entries({
    ...tree,
    ...Object.fromEntries(Object.entries(eslintPlants).map(([f, p]) => [f, p.code])),
    ...eslintAllowed,
  })) {
    fs.mkdirSync(path.dirname(path.join(planted, file)), { recursive: true });
    fs.writeFileSync(path.join(planted, file), code);
  }
  // Packages resolve as in the real tree, and package.json says which are dependencies and which dev ones.
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(planted, 'node_modules'), 'dir');
  fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(planted, 'package.json'));
});

afterAll(() => {
  fs.rmSync(planted, { recursive: true, force: true });
});

// Whole-tree scans: the real tree's took 94 s once at load 20 (helpers and a CI run side by side); kept far from the
// timeout.
describe('the import fence', { timeout: 240_000 }, () => {
  it('dependency-cruiser reports each planted violation by its rule, and nothing that is allowed', async () => {
    const found = violationsOf(await cruiseFence(planted, ['src', 'server', 'tests', 'bench']));
    expect([...new Set(found.map(described))].sort()).toEqual([...expectedFence].sort());
  });

  it('ESLint reports each planted require(), computed import(), call() in a machine, fetch, any, hook misuse, and createActor or snapshot.context in a view', async () => {
    const eslint = new ESLint({ cwd: planted, overrideConfigFile: path.join(repoRoot, 'eslint.config.js') });
    const results = await eslint.lintFiles([...Object.keys(eslintPlants), ...Object.keys(eslintAllowed)]);
    const rulesOf = (file: string) =>
      results.filter((r) => r.filePath === path.join(planted, file)).flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
    for (const [file, { rule }] of Object.entries(eslintPlants)) expect(rulesOf(file), file).toContain(rule);
    for (const file of Object.keys(eslintAllowed)) expect(rulesOf(file), file).toEqual([]);
  });

  it('the real tree breaks no rule', async () => {
    expect(violationsOf(await cruiseFence()).map(described)).toEqual([]);
  });
});
