import type { Kysely } from 'kysely';
import type { WalletEntry, WalletProduct, WalletRetailer } from '../../../src/api/contract/wallet.contract.ts';
import { lineFinalCents, lineFinalTaxCents, type PricedLine } from '../../../src/rules/catch-weight.ts';
import { centsToDollars } from '../../../src/rules/money.ts';
import { formatSize } from '../../../src/rules/sizes.ts';
import type { Database } from '../../db/schema.ts';
import { isRestaurantVendor } from './partner-restaurants.ts';

/**
 * What the wallet screens read, always for one customer (the caller): the Dine-In panel's rows, the restaurants
 * where a part of the wallet is redeemable, and the products redeemable at one restaurant. An entry is redeemable at
 * any partner restaurant in its state with its star category.
 */

/** /wallet/wallet/index: every entry, newest order first. */
export async function walletEntries(db: Kysely<Database>, customerId: number): Promise<WalletEntry[]> {
  const rows = await db
    .selectFrom('wallet_entries')
    .innerJoin('orders', 'orders.id', 'wallet_entries.order_id')
    .innerJoin('products', 'products.id', 'wallet_entries.product_id')
    .innerJoin('product_variants', 'product_variants.id', 'wallet_entries.variant_id')
    .innerJoin('vendor_locations', 'vendor_locations.id', 'wallet_entries.loc_id')
    .select([
      'wallet_entries.id',
      'products.name',
      'products.size_unit',
      'product_variants.bottle_size',
      'orders.increment_id',
      'wallet_entries.ordered',
      'wallet_entries.consumed',
      'wallet_entries.remaining',
      'wallet_entries.unit',
      'wallet_entries.price_category',
      'wallet_entries.state',
      'vendor_locations.name as retailer',
    ])
    .where('wallet_entries.customer_id', '=', customerId)
    .orderBy('wallet_entries.order_id', 'desc')
    .orderBy('wallet_entries.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    itemName: row.bottle_size > 0 ? `${row.name} ${formatSize(row.bottle_size, row.size_unit)}` : row.name,
    orderNo: row.increment_id,
    ordered: row.ordered,
    consumed: row.consumed,
    remaining: row.remaining,
    unit: row.unit,
    price_category: row.price_category,
    state: row.state,
    retailer: row.retailer,
  }));
}

/**
 * /api/vendorsbyproduct/applyproducts: the partner restaurants of the state where something the customer still
 * holds (in the category, or any category for 0) is redeemable; by name.
 */
export async function walletRetailers(db: Kysely<Database>, customerId: number, state: string, priceCategory: number): Promise<WalletRetailer[]> {
  let held = db
    .selectFrom('wallet_entries')
    .select('price_category')
    .distinct()
    .where('customer_id', '=', customerId)
    .where('state', '=', state)
    .where('remaining', '>', 0);
  if (priceCategory !== 0) held = held.where('price_category', '=', priceCategory);
  const categories = (await held.execute()).map((r) => r.price_category);
  if (categories.length === 0) return [];
  const rows = await db
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select(['vendor_locations.id as location_id', 'vendor_locations.name', 'vendors.id as vendor_id', 'vendors.name as vendor_name'])
    .select(['vendor_locations.price_category', 'vendor_locations.city', 'vendor_locations.street1'])
    .select(['vendor_locations.opens_at', 'vendor_locations.closes_at'])
    .where(isRestaurantVendor())
    .where('vendor_locations.state', '=', state)
    .where('vendor_locations.price_category', 'in', categories)
    .orderBy('vendor_locations.name')
    .orderBy('vendor_locations.id')
    .execute();
  return rows.map((row) => ({
    location_id: row.location_id,
    vendor_id: row.vendor_id,
    vendor_name: row.name,
    price_category: row.price_category,
    address: `${row.street1}, ${row.city}`,
    // No hours on record: no time is offered (place order would refuse any).
    opens_at: row.opens_at ?? '',
    closes_at: row.closes_at ?? '',
  }));
}

/** A partner restaurant's location, when the id is one. */
export async function findRestaurant(db: Kysely<Database>, locId: number) {
  return db
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select([
      'vendor_locations.id',
      'vendor_locations.vendor_id',
      'vendor_locations.name',
      'vendor_locations.state',
      'vendor_locations.price_category',
    ])
    .where(isRestaurantVendor())
    .where('vendor_locations.id', '=', locId)
    .executeTakeFirst();
}

interface PaidLine extends PricedLine {
  subtotal_cents: number;
  discount_cents: number;
  ordered: number;
}

/**
 * What `units` of an entry cost this customer: their share of what the order line was paid, its share of the order's
 * discount taken off and its tax included (issue 23: the catalogue's list price of the size is not what a dine-in
 * purchase cost, so it is never shown here). A line weighed or substituted at packing counts at its final amount and
 * tax (decision 039), what the card was charged for it, not its estimate.
 */
function paidFor(entry: PaidLine, units: number): number {
  if (entry.ordered <= 0) return 0;
  const discount = entry.subtotal_cents > 0 ? Math.round((entry.discount_cents * entry.row_total_cents) / entry.subtotal_cents) : 0;
  const line = Math.max(0, lineFinalCents(entry) - discount) + lineFinalTaxCents(entry);
  return Math.round((line * units) / entry.ordered);
}

/**
 * /api/walletproductlst/walletProducts: every product the customer still holds, with what is left in all
 * (available_wallet) and what this restaurant redeems (redeamable_here), and the sizes that can be redeemed here:
 * for food the sizes held (a portion each), for drinks every size the largest redeemable entry still covers (a glass
 * from a bottle). Each size names the order it would be drawn from (pastorderid), the oldest that covers it, and its
 * price is what the customer paid for that much of it; wallet_worth is what all they hold of it cost them.
 * Undefined when the vendor is no partner restaurant.
 */
export async function walletProducts(db: Kysely<Database>, customerId: number, vendorId: number): Promise<WalletProduct[] | undefined> {
  const restaurants = await db
    .selectFrom('vendor_locations')
    .innerJoin('vendors', 'vendors.id', 'vendor_locations.vendor_id')
    .select(['vendor_locations.state', 'vendor_locations.price_category'])
    .where(isRestaurantVendor())
    .where('vendors.id', '=', vendorId)
    .execute();
  if (restaurants.length === 0) return undefined;
  const entries = await db
    .selectFrom('wallet_entries')
    .innerJoin('orders', 'orders.id', 'wallet_entries.order_id')
    .innerJoin('order_items', 'order_items.id', 'wallet_entries.order_item_id')
    .innerJoin('products', 'products.id', 'wallet_entries.product_id')
    .innerJoin('products as ordered_product', 'ordered_product.id', 'order_items.product_id')
    .leftJoin('product_images', (join) => join.onRef('product_images.product_id', '=', 'products.id').on('product_images.position', '=', 0))
    .select([
      'wallet_entries.product_id',
      'wallet_entries.variant_id',
      'wallet_entries.unit',
      'wallet_entries.remaining',
      'wallet_entries.ordered',
      'wallet_entries.state',
      'wallet_entries.price_category',
      'order_items.row_total_cents',
      'order_items.tax_cents',
      'order_items.bottle_size',
      'order_items.qty',
      'order_items.weighed_grams',
      'order_items.substitution_state',
      'order_items.substitute_price_cents',
      'ordered_product.sold_by_weight',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.increment_id',
      'products.name',
      'products.size_unit',
      'product_images.url',
    ])
    .where('wallet_entries.customer_id', '=', customerId)
    .where('wallet_entries.remaining', '>', 0)
    .orderBy('wallet_entries.order_id')
    .orderBy('wallet_entries.id')
    .execute();
  if (entries.length === 0) return [];
  const productIds = [...new Set(entries.map((e) => e.product_id))];
  const variants = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'bottle_size'])
    .where('product_id', 'in', productIds)
    .orderBy('bottle_size')
    .orderBy('id')
    .execute();
  const redeemableHere = (e: { state: string; price_category: number }) =>
    restaurants.some((r) => r.state === e.state && r.price_category === e.price_category);

  return productIds.map((productId) => {
    const own = entries.filter((e) => e.product_id === productId);
    const here = own.filter(redeemableHere);
    const first = own[0];
    const unit = first?.unit ?? 'portion';
    const sizes = variants.filter((v) => v.product_id === productId && (unit === 'portion' || v.bottle_size > 0));
    const child = sizes.flatMap((size) => {
      const need = unit === 'ml' ? size.bottle_size : 1;
      const from = here.find((e) => e.remaining >= need && (unit === 'ml' || e.variant_id === size.id));
      if (!from) return [];
      return [{ id: size.id, bottle_size: size.bottle_size, price: centsToDollars(paidFor(from, need)), pastorderid: from.increment_id }];
    });
    return {
      prod_id: productId,
      prod_name: first?.name ?? '',
      image: first?.url ?? `/media/products/${productId}/0.svg`,
      size_unit: first?.size_unit ?? 'g',
      unit,
      child,
      available_wallet: own.reduce((sum, e) => sum + e.remaining, 0),
      redeamable_here: here.reduce((sum, e) => sum + e.remaining, 0),
      wallet_worth: centsToDollars(own.reduce((sum, e) => sum + paidFor(e, e.remaining), 0)),
    };
  });
}
