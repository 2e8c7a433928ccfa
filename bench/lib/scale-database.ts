/**
 * The scale test's database side (bench/suites/scale.bench.ts): what a server did on the store's database (so the
 * replica's reads and the primary's writes can be told apart), and the wallet credits the load redeems.
 */
import type pg from 'pg';
import type { SizeUnit } from '../../src/rules/sizes.ts';
import { walletUnitOf, walletUnitsOf } from '../../src/rules/wallet.ts';
import type { WalletSetup } from './scale-shoppers.ts';

export interface DatabaseCounters {
  /** Transactions committed (every autocommitted statement is one). */
  commits: number;
  /** Rows read: returned by scans plus fetched by index. */
  fetched: number;
  /** Rows inserted, updated or deleted by the server's own sessions (a replica's replay is not counted). */
  written: number;
  minus(before: DatabaseCounters): DatabaseCounters;
}

function counters(commits: number, fetched: number, written: number): DatabaseCounters {
  return {
    commits,
    fetched,
    written,
    minus: (before) => counters(commits - before.commits, fetched - before.fetched, written - before.written),
  };
}

/** pg_stat_database's counters for the store's database on the server `client` is connected to. */
export async function databaseCounters(client: pg.Client): Promise<DatabaseCounters> {
  const result = await client.query<{ commits: string; fetched: string; written: string }>(
    `select xact_commit as commits, tup_returned + tup_fetched as fetched, tup_inserted + tup_updated + tup_deleted as written
     from pg_stat_database where datname = current_database()`,
  );
  const row = result.rows[0];
  return counters(Number(row?.commits ?? 0), Number(row?.fetched ?? 0), Number(row?.written ?? 0));
}

/**
 * Wallet credits for the load: for a guest's answered courier order, a dine-in order of the same customer at the
 * restaurant (a copy of the order's row and first item, onto one of the restaurant's dine-in sizes) with a wallet
 * entry of two portions, as the restaurant's serve move would write it (wallet-credit.ts). Written here rather than
 * through a real dine-in order and a staff serve, which would need a staff session and the card gateway's hold on
 * one instance; what the load tests is the redemption race. The copies are numbered 99<order number> (order numbers are digits only).
 */
export async function walletCredit(
  pool: pg.Pool,
  restaurantLocId: number,
): Promise<WalletSetup & { isCreditOrder(id: string): boolean; creditOrders(): string[] }> {
  const restaurant = (
    await pool.query<{ state: string; price_category: number }>('select state, price_category from vendor_locations where id = $1', [restaurantLocId])
  ).rows[0];
  if (!restaurant) throw new Error(`no restaurant ${restaurantLocId} in the seed`);
  const sizes = (
    await pool.query<{ offer_id: number; variant_id: number; product_id: number; bottle_size: number; size_unit: SizeUnit }>(
      `select o.id as offer_id, o.variant_id, v.product_id, v.bottle_size, p.size_unit
       from variant_offers o join product_variants v on v.id = o.variant_id join products p on p.id = v.product_id
       where o.speed = 'dine-in' and o.loc_id = $1 and not p.age_restricted and p.size_unit <> 'ml' order by o.variant_id limit 20`,
      [restaurantLocId],
    )
  ).rows;
  if (sizes.length === 0) throw new Error(`restaurant ${restaurantLocId} sells nothing for dine-in`);
  const columns = async (table: string) =>
    (
      await pool.query<{ column_name: string }>(
        `select column_name from information_schema.columns where table_name = $1 and column_name <> 'id' and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      )
    ).rows.map((r) => r.column_name);
  const orderColumns = await columns('orders');
  const itemColumns = await columns('order_items');
  // A cart holds one live order (orders_cart_live_idx): the copy names a cart of its own.
  const orderOverrides: Record<string, string> = {
    increment_id: `'99' || increment_id`,
    cart_id: `'W' || cart_id`,
    speed_id: '3',
    retailer_loc_id: '$2',
  };
  const itemOverrides: Record<string, string> = {
    order_id: '(select id from copied)',
    offer_id: '$3',
    variant_id: '$4',
    product_id: '$5',
    bottle_size: '$6',
    qty: '1',
    wallet_entry_id: 'null',
  };
  const list = (names: string[], overrides: Record<string, string>) => names.map((c) => overrides[c] ?? `"${c}"`).join(', ');
  const quoted = (names: string[]) => names.map((c) => `"${c}"`).join(', ');
  const statement = `
    with copied as (
      insert into orders (${quoted(orderColumns)}) select ${list(orderColumns, orderOverrides)} from orders where increment_id = $1
      returning id, customer_id),
    item as (
      insert into order_items (${quoted(itemColumns)})
      select ${list(itemColumns, itemOverrides)} from order_items where order_id = (select id from orders where increment_id = $1)
      order by id limit 1 returning id)
    insert into wallet_entries (customer_id, order_id, order_item_id, product_id, variant_id, loc_id, unit, ordered, remaining, price_category, state)
    select copied.customer_id, copied.id, item.id, $5, $4, $2, $7, $8, $8, $9, $10 from copied, item
    returning id`;
  const made: string[] = [];
  let next = 0;
  return {
    restaurantLocId,
    visit: `${tomorrowInNewYork()} 19:00`,
    async credit(orderNumber) {
      const size = sizes[next++ % sizes.length];
      if (!size) return undefined;
      const unit = walletUnitOf(size.size_unit);
      const portions = walletUnitsOf(unit, size.bottle_size, 2);
      const inserted = await pool.query(statement, [
        orderNumber,
        restaurantLocId,
        size.offer_id,
        size.variant_id,
        size.product_id,
        size.bottle_size,
        unit,
        portions,
        restaurant.price_category,
        restaurant.state,
      ]);
      if (inserted.rowCount !== 1) return undefined;
      made.push(`99${orderNumber}`);
      return { orderNumber: `99${orderNumber}`, variantId: size.variant_id, size: size.bottle_size };
    },
    isCreditOrder: (id) => made.includes(id),
    creditOrders: () => [...made],
  };
}

/** Tomorrow's date in the store's time zone (New York): a dine-in visit the restaurant offers whatever the hour now. */
function tomorrowInNewYork(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
