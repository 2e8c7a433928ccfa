import type { Kysely } from 'kysely';
import type { FiltersBody, ListingData, ListingFilter } from '../../../src/api/contract/catalogue.contract.ts';
import {
  parsePriceRange,
  priceBucketLabel,
  priceBucketValue,
  totalPages,
  vendorFilterId,
  vendorFilterName,
  type PriceBucket,
  type SortKey,
} from '../../../src/rules/listing.ts';
import { formatSize, type SizeUnit } from '../../../src/rules/sizes.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { isServedLocation } from './catalogue-cache.ts';
import { findCategory, type CategoryInfo } from './categories.ts';
import { noSelection, type ListingSelection } from './listing-index.ts';
import { listingPageFromMemory } from './listing-memory.ts';
import { isFiltered, listingPage, type ListingFacets, type ListingPageRequest } from './listing-page.ts';
import { withKeptPanel } from './listing-replies.ts';
import { vendorShownName } from './partner-restaurants.ts';

export interface ListingRequest {
  categoryId: number;
  locId: number;
  speed?: SpeedValue | undefined;
  sort?: SortKey | undefined;
  page: number;
  limit: number;
  selection?: ListingSelection | undefined;
  /** With a visit speed: the restaurant chosen on /ship/options (catalogueRestaurant): its offers only, at its prices. */
  restaurantLocId?: number | undefined;
  /** Where a failed background load of the listing index is logged (decision 071). */
  log?: Log | undefined;
}

export type ListingResult =
  | { kind: 'not-served' }
  | { kind: 'unknown-category' }
  /** available: how many products the category has in the area before filters (0 = an empty category). */
  | { kind: 'listing'; data: ListingData; available: number };

/**
 * A listing page is one statement over the per-area summaries (migrations 016 and 017, decision 022): the page's
 * product ids from the index of the chosen sort, their cards from the products' area rows, the total, and the filter
 * panel from the facet counts, each an index range of one (area, channel, category); no request aggregates the
 * category's offers. The filter panel and the listing's size are kept in memory per area × category × speed after
 * the first page that read them (decision 069), dropped with the kept pages on a catalogue change.
 */
export async function categoryListing(db: Kysely<Database>, request: ListingRequest): Promise<ListingResult> {
  if (!(await isServedLocation(db, request.locId))) return { kind: 'not-served' };
  const category = await findCategory(db, request.categoryId);
  if (!category) return { kind: 'unknown-category' };

  const selection = request.selection ?? noSelection;
  const vendorIds = selection.vendorIds ?? [];
  const chosenVendors =
    vendorIds.length === 0
      ? []
      : await db
          .selectFrom('vendors')
          .select(['id', vendorShownName().as('name')])
          .where('id', 'in', vendorIds)
          .orderBy('name')
          .orderBy('id')
          .execute();
  const pageRequest: ListingPageRequest = {
    categoryId: category.id,
    locId: request.locId,
    speed: request.speed,
    order: request.sort ?? 'default',
    offset: request.page * request.limit,
    limit: request.limit,
    selection: { ...selection, categoryIds: selection.categoryIds.filter((id) => category.descendantIds.includes(id)) },
    restaurantLocId: request.restaurantLocId,
  };
  // An unfiltered page, first or deep, from the area's index in memory once it is loaded (decisions 071, 077);
  // otherwise, and for filtered pages, the statement, with the filter panel from memory once any page of this area,
  // category and speed (and restaurant) has read it (decision 069). The index holds the area's channel, every
  // restaurant of it at once: a chosen restaurant's pages (a visit channel's few products) are the statement's,
  // narrowed to its offers, and kept as replies like any listing's first pages (decision 063).
  const unfiltered = !isFiltered(selection) && request.restaurantLocId === undefined;
  // A vendor filter's panel has the vendors' price ranges (listing-page.ts): kept apart from the area's.
  const panelKey = {
    categoryId: category.id,
    locId: request.locId,
    speed: request.speed,
    restaurantLocId: request.restaurantLocId,
    // The filter's own ids, known or not: the statement's vendor prices are read for exactly these.
    vendorIds: [...new Set(vendorIds)].sort((a, b) => a - b),
  };
  const page =
    (unfiltered ? await listingPageFromMemory(db, pageRequest, { log: request.log }) : undefined) ??
    (await withKeptPanel(db, panelKey, (panel) => listingPage(db, pageRequest, panel)));
  return {
    kind: 'listing',
    available: page.available,
    data: {
      products: page.cards,
      filters: listingFilters(page.facets, category, chosenVendors),
      pagination: {
        total_records: page.total,
        total_page: totalPages(page.total, request.limit),
        limit: request.limit,
        current_page: request.page,
      },
    },
  };
}

/** The filters call's arrays as a selection; price ranges that do not parse are ignored like any unknown value. */
export function selectionFromFilters(body: FiltersBody): ListingSelection {
  return {
    priceRanges: (body.priceranges ?? []).flatMap((value): PriceBucket[] => {
      const range = parsePriceRange(value);
      return range ? [range] : [];
    }),
    minCents: body.minprice === undefined ? undefined : Math.round(body.minprice * 100),
    maxCents: body.maxprice === undefined ? undefined : Math.round(body.maxprice * 100),
    sizes: body.size ?? [],
    categoryIds: body.catid ?? [],
    vendorIds: [...new Set(body.vendor ?? [])],
  };
}

/** A size filter's label in the units the listing's products use it in ('750 g / 750 ml' when both do). */
function sizeLabel(amount: number, units: ReadonlySet<SizeUnit> | undefined): string {
  const present = units && units.size > 0 ? [...units].sort() : (['g'] as const);
  return present.map((unit) => formatSize(amount, unit)).join(' / ');
}

function listingFilters(facets: ListingFacets, category: CategoryInfo, chosenVendors: readonly { id: number; name: string }[]): ListingFilter[] {
  const filters: ListingFilter[] = [];
  const priceOptions = facets.priceBuckets.map((bucket) => ({ label: priceBucketLabel(bucket), value: priceBucketValue(bucket) }));
  if (priceOptions.length > 0) filters.push({ id: 1, name: 'Price', parameter: 'priceranges', options: priceOptions });

  // Size 0 means "no size" and is never shown.
  const sizes = [...facets.sizes.keys()].filter((grams) => grams > 0).sort((a, b) => a - b);
  if (sizes.length > 0) {
    filters.push({
      id: 2,
      name: 'Size',
      parameter: 'size',
      options: sizes.map((g) => ({ label: sizeLabel(g, facets.sizes.get(g)), value: String(g) })),
    });
  }

  const hasProducts = (id: number) => facets.categoryIds.has(id);
  const childOptions = category.children
    .filter((c) => hasProducts(c.id))
    .map((c) => {
      const grandchildren = c.children.filter((g) => hasProducts(g.id)).map((g) => ({ label: g.name, value: String(g.id) }));
      return grandchildren.length > 0 ? { label: c.name, value: String(c.id), children: grandchildren } : { label: c.name, value: String(c.id) };
    });
  // 'Shop All' is the page's own category: the option Clear All keeps.
  filters.push({
    id: 3,
    name: 'Category',
    parameter: 'catid',
    options: [{ label: 'Shop All', value: String(category.id) }, ...childOptions],
  });
  // The vendor filter is added from the cart (spec 3): the listing names only the vendors asked for, so a shared link
  // still shows, and can undo, the choice; the client adds the cart's other sellers to this group.
  if (chosenVendors.length > 0) {
    filters.push({
      id: vendorFilterId,
      name: vendorFilterName,
      parameter: 'vendor',
      options: chosenVendors.map((v) => ({ label: v.name, value: String(v.id) })),
    });
  }
  return filters;
}
