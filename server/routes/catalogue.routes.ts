import type { FastifyPluginAsync } from 'fastify';
import {
  categoryListQuery,
  categoryQuery,
  type CategoryQuery,
  filtersBody,
  searchBody,
  searchQuery,
  type CategoryListReply,
  type ListingData,
  type ListingReply,
} from '../../src/api/contract/catalogue.contract.ts';
import { productQuery, type ProductReply } from '../../src/api/contract/product.contract.ts';
import { emptyCategoryMessage, emptySearchMessage, noFilterMatchMessage, noSearchMatchMessage } from '../../src/rules/listing.ts';
import type { AppDeps } from '../deps.ts';
import { checkedRestaurant } from '../http/chosen-restaurant.ts';
import { sendSerialised } from '../http/serialised-reply.ts';
import { parseWith, rememberedQueryParser } from '../http/validate.ts';
import { notServedMessage, servedAreas } from '../services/catalogue/catalogue-cache.ts';
import { restaurantRefusal } from '../services/catalogue/chosen-restaurant.ts';
import { categoryList } from '../services/catalogue/categories.ts';
import { categoryListing, selectionFromFilters, type ListingResult } from '../services/catalogue/listing.ts';
import { cachedListingReply, listingReplyKey } from '../services/catalogue/listing-replies.ts';
import { cachedProductDetail } from '../services/catalogue/product-detail.ts';
import { SerialisedJson } from '../services/platform/serialised-json.ts';
import { plannedEachRunDb } from '../services/platform/planned-each-run.ts';
import { searchProducts } from '../services/catalogue/search.ts';
import type { Log } from '../services/platform/log.ts';

function emptyListing(limit: number, page: number): ListingData {
  return { products: [], filters: [], pagination: { total_records: 0, total_page: 0, limit, current_page: page } };
}

/** code -1 when the category has nothing in the area (or the filters leave nothing); a page past the end is code 1. */
function listingReply(result: ListingResult, limit: number, page: number, filtered: boolean): ListingReply {
  if (result.kind === 'not-served') return { code: -1, message: notServedMessage, data: emptyListing(limit, page) };
  if (result.kind === 'unknown-category') return { code: -1, message: emptyCategoryMessage, data: emptyListing(limit, page) };
  if (result.available === 0) return { code: -1, message: emptyCategoryMessage, data: result.data };
  if (filtered && result.data.pagination.total_records === 0) return { code: -1, message: noFilterMatchMessage, data: result.data };
  return { code: 1, data: result.data };
}

/** A listing reply, typed by its contract, serialised once. */
function replyOf(reply: ListingReply): SerialisedJson {
  return new SerialisedJson(reply);
}

/**
 * A category's listing page as GET /connect/index/category answers it, from the kept replies (decision 063): the
 * route's, and the HTML shell's when it draws a listing's first cards for the shopper's area cookie (decision 066).
 */
export function categoryListingReader(deps: Pick<AppDeps, 'readDb'>): (query: CategoryQuery, log?: Log) => Promise<SerialisedJson> {
  // A listing's best plan depends on its category and area: planned for each run's own values. Catalogue reads only:
  // they may go to the read replica (decision 045).
  const db = plannedEachRunDb(deps.readDb);
  return async (query, log) => {
    const listing = {
      log,
      categoryId: query.catid,
      locId: query.loc_id,
      speed: query.courier_type,
      // Checked before the kept replies are asked: a refused restaurant is a 400, never a key of its own.
      restaurantLocId: await checkedRestaurant(db, { locId: query.loc_id, speed: query.courier_type, restaurantLocId: query.vendor_location_id }),
      sort: query.sort,
      page: query.page,
      limit: query.limit,
    };
    const key = listingReplyKey({ route: 'category', ...listing });
    return cachedListingReply(db, { key, ...listing }, async () =>
      replyOf(listingReply(await categoryListing(db, listing), query.limit, query.page, false)),
    );
  };
}

/** Catalogue reads: the header's category menu, listings with filters, search and the product page. */
export function catalogueRoutes(deps: AppDeps): FastifyPluginAsync {
  // A listing's or a search's best plan depends on its category, area and words: planned for each run's own values.
  // Catalogue reads only: they may go to the read replica (decision 045).
  const db = plannedEachRunDb(deps.readDb);
  const categoryQueryOf = rememberedQueryParser(categoryQuery);
  const readCategoryListing = categoryListingReader(deps);
  return async (app) => {
    app.get('/connect/index/categorylist', async (request): Promise<CategoryListReply> => {
      parseWith(categoryListQuery, request.query);
      return { code: 1, data: await categoryList(db) };
    });

    // The first pages of a listing go out as they were serialised the first time (decision 063).
    // Its query checked once per query string (decision 065): a kept page's request then does no superstruct work.
    app.get('/connect/index/category', async (request, reply) => {
      // A query naming a refused restaurant is not remembered either (the reader answers it with its 400).
      const served = await servedAreas(db);
      const query = categoryQueryOf(
        request,
        (parsed) =>
          restaurantRefusal(served, { locId: parsed.loc_id, speed: parsed.courier_type, restaurantLocId: parsed.vendor_location_id }) === undefined,
      );
      return sendSerialised(request, reply, await readCategoryListing(query, request.log));
    });

    app.post('/connect/index/filters', async (request, reply) => {
      const body = parseWith(filtersBody, request.body);
      const listing = {
        categoryId: body.parent_category_id,
        locId: body.loc_id,
        speed: body.courier_type,
        restaurantLocId: await checkedRestaurant(db, { locId: body.loc_id, speed: body.courier_type, restaurantLocId: body.vendor_location_id }),
        sort: body.sort,
        page: body.page,
        limit: body.limit,
        selection: selectionFromFilters(body),
      };
      const key = listingReplyKey({ route: 'filters', ...listing });
      const logged = { ...listing, log: request.log };
      const serialised = await cachedListingReply(db, { key, ...listing }, async () =>
        replyOf(listingReply(await categoryListing(db, logged), body.limit, body.page, true)),
      );
      return sendSerialised(request, reply, serialised);
    });

    app.post('/connect/index/search', async (request): Promise<ListingReply> => {
      const query = parseWith(searchQuery, request.query);
      const body = parseWith(searchBody, request.body);
      const text = (body.q ?? query.q ?? '').trim();
      if (text === '') return { code: -1, message: emptySearchMessage, data: emptyListing(query.limit, query.page) };
      const result = await searchProducts(db, {
        text,
        locId: query.loc_id,
        speed: query.courier_type,
        restaurantLocId: await checkedRestaurant(db, { locId: query.loc_id, speed: query.courier_type, restaurantLocId: query.vendor_location_id }),
        sort: query.sort,
        page: query.page,
        limit: query.limit,
        log: app.log,
      });
      if (result.kind === 'not-served') return { code: -1, message: notServedMessage, data: emptyListing(query.limit, query.page) };
      if (result.kind === 'no-words' || result.data.pagination.total_records === 0) {
        return { code: -1, message: noSearchMatchMessage, data: emptyListing(query.limit, query.page) };
      }
      return { code: 1, data: result.data };
    });

    app.get('/connect/index/product', async (request): Promise<ProductReply> => {
      const query = parseWith(productQuery, request.query);
      const restaurant = await checkedRestaurant(db, { locId: query.loc_id, speed: query.courier_type, restaurantLocId: query.vendor_location_id });
      const result = await cachedProductDetail(db, query.prodid, query.loc_id, query.courier_type, restaurant);
      switch (result.kind) {
        case 'not-served':
          return { code: -1, message: notServedMessage };
        case 'not-found':
          return { code: -1, message: 'Product not found' };
        case 'not-in-area':
          return { code: -1, message: 'This product is not available in your area.' };
        case 'found':
          return { code: 1, data: result.product };
      }
    });
  };
}
