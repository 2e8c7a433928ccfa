import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { SerialisedJson } from '../platform/serialised-json.ts';
import { onCatalogueChange } from '../platform/catalogue-changes.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { perDatabase, ReadCache } from '../platform/read-cache.ts';
import { isServedLocation } from './catalogue-cache.ts';
import { findCategory } from './categories.ts';
import type { PanelRow } from './listing-page.ts';

/** The pages kept: the first ones, which shoppers open most; a crawl through deep pages does not push them out. */
export const cachedListingPages = 5;

/** A listing page's reply as sent, and the category it lists (what a product's change is matched against). */
export interface ListingReplyEntry {
  categoryId: number;
  reply: SerialisedJson;
}

/** The listing reply cache's settings (exported for its budget test). */
export const listingReplyCacheOptions = {
  name: 'listing-replies',
  maxBytes: cacheBudgets.listingReplies,
  // Coherence comes from the catalogue notifications (decision 042); these times bound staleness only if they stop.
  freshMs: 30_000,
  staleMs: 30_000,
  sizeOf: (entry: ListingReplyEntry) => entry.reply.bytes,
};

/** A listing's filter panel and size (listing-page.ts's PanelRow), and the category it lists. */
interface ListingPanelEntry {
  categoryId: number;
  panel: PanelRow;
}

/** The panel cache's settings (exported for its budget test): a few hundred bytes each, dropped like the replies. */
export const listingPanelCacheOptions = {
  name: 'listing-panels',
  maxBytes: cacheBudgets.listingPanels,
  freshMs: 30_000,
  staleMs: 30_000,
};

interface Caches {
  replies: ReadCache<ListingReplyEntry>;
  panels: ReadCache<ListingPanelEntry>;
  /** Whether a product's change is being matched to its categories: until then no kept page is trusted. */
  dropping(): boolean;
}

/**
 * Whole listing replies (decision 063), per area × category × speed × sort × page × filters, serialised and ready to
 * send. A product's price or stock change (any instance's, through the database's notification) drops every page of
 * every category the product is filed under, since it can move the product in a price order, change a price bucket
 * or a total, not only its own card; any other catalogue change drops them all.
 */
const caches = perDatabase<Kysely<Database>, Caches>((db) => {
  const replies = new ReadCache<ListingReplyEntry>(listingReplyCacheOptions);
  const panels = new ReadCache<ListingPanelEntry>(listingPanelCacheOptions);
  const changed = new Set<number>();
  let pending: Promise<void> | undefined;
  const dropChanged = async () => {
    // Every notification of this turn in one statement (an order taking stock of several products sends several).
    await Promise.resolve();
    const productIds = [...changed];
    changed.clear();
    try {
      const rows = await db.selectFrom('product_categories').select('category_id').where('product_id', 'in', productIds).execute();
      const categoryIds = new Set(rows.map((row) => row.category_id));
      replies.deleteWhere((_key, entry) => categoryIds.has(entry.categoryId));
      panels.deleteWhere((_key, entry) => categoryIds.has(entry.categoryId));
    } catch {
      // Which categories is unknown: drop everything rather than keep a page that may be wrong.
      replies.clear();
      panels.clear();
    } finally {
      // Products that changed while this looked up: their own turn.
      pending = changed.size > 0 ? dropChanged() : undefined;
    }
  };
  onCatalogueChange(db, (change) => {
    if (change === 'all') {
      replies.clear();
      panels.clear();
      return;
    }
    // Nothing kept, nothing to look up (most notifications on an instance that serves no listings).
    if (replies.bytes === 0 && panels.bytes === 0) return;
    changed.add(change.productId);
    pending ??= dropChanged();
  });
  return { replies, panels, dropping: () => pending !== undefined };
});

/** The key of one listing page: everything its reply depends on, in a fixed order. */
export function listingReplyKey(parts: {
  route: 'category' | 'filters';
  categoryId: number;
  locId: number;
  speed: string | undefined;
  sort: string | undefined;
  page: number;
  limit: number;
  selection?: unknown;
  /** With a visit speed: the chosen restaurant, whose prices and offers the page shows. */
  restaurantLocId?: number | undefined;
}): string {
  return JSON.stringify([
    parts.route,
    parts.categoryId,
    parts.locId,
    parts.speed ?? '',
    parts.sort ?? 'default',
    parts.page,
    parts.limit,
    parts.selection ?? null,
    parts.restaurantLocId ?? null,
  ]);
}

/**
 * The page's reply from memory when it is one of the first pages of a listing that exists (a served area, a known
 * category: both answered from memory), else from `load`. Refusals are not kept: made-up category ids must not push
 * real pages out.
 */
export async function cachedListingReply(
  db: Kysely<Database>,
  page: { key: string; categoryId: number; locId: number; page: number },
  load: () => Promise<SerialisedJson>,
): Promise<SerialisedJson> {
  const listed =
    page.page < cachedListingPages && (await isServedLocation(db, page.locId)) && (await findCategory(db, page.categoryId)) !== undefined;
  const cache = caches(db);
  if (!listed || cache.dropping()) return load();
  const entry = await cache.replies.get(page.key, async () => ({ categoryId: page.categoryId, reply: await load() }));
  return entry.reply;
}

/**
 * A listing page read with its panel from memory (decision 069): `read(undefined)` runs the whole statement, whose
 * panel is then kept for the listing's other sorts, pages and filters; `read(panel)` the statement without the
 * panel's facet reads and price probes. Any page, deep or filtered, uses it: the panel depends on none of them.
 */
export async function withKeptPanel<T extends { panel: PanelRow }>(
  db: Kysely<Database>,
  listing: {
    categoryId: number;
    locId: number;
    speed: string | undefined;
    restaurantLocId?: number | undefined;
    /** A vendor filter's vendors (sorted, once each): its panel's price ranges are theirs. */
    vendorIds?: readonly number[] | undefined;
  },
  read: (panel: PanelRow | undefined) => Promise<T>,
): Promise<T> {
  const cache = caches(db);
  if (cache.dropping()) return read(undefined);
  let answered: T | undefined;
  // A chosen restaurant's listing has its own size (what it sells of the category): a panel of its own.
  const key = JSON.stringify([
    listing.categoryId,
    listing.locId,
    listing.speed ?? '',
    ...(listing.restaurantLocId === undefined ? [] : [listing.restaurantLocId]),
    ...(listing.vendorIds === undefined || listing.vendorIds.length === 0 ? [] : [listing.vendorIds]),
  ]);
  const entry = await cache.panels.get(key, async () => {
    answered = await read(undefined);
    return { categoryId: listing.categoryId, panel: answered.panel };
  });
  // This call loaded the panel: its whole statement answered the page too. Otherwise (kept, or another call's load)
  // the page is read without the panel.
  return answered ?? read(entry.panel);
}
