import {
  categoryListReply,
  listingReply,
  type CategoryListReply,
  type CategoryQuery,
  type FiltersBody,
  type ListingReply,
  type SearchQuery,
} from './contract/catalogue.contract.ts';
import type { SpeedType } from './contract/product-summary.contract.ts';
import { call } from './http.ts';
import type { ListingRequest, SearchRequest } from '../rules/listing-query.ts';

// The rules build requests without importing the contract; these checks keep the two in step at compile time.
type Assignable<T, U extends T> = U;
type _CategoryQueryFits = Assignable<CategoryQuery, Extract<ListingRequest, { method: 'GET' }>['query']>;
type _FiltersBodyFits = Assignable<FiltersBody, Extract<ListingRequest, { method: 'POST' }>['body']>;
type _SearchQueryFits = Assignable<SearchQuery, SearchRequest['query']>;

export function getListing(request: ListingRequest): Promise<ListingReply> {
  return request.method === 'GET'
    ? call(request.path, listingReply, { method: 'GET', query: { ...request.query } })
    : call(request.path, listingReply, { method: 'POST', body: { ...request.body } });
}

export function getSearchListing(request: SearchRequest): Promise<ListingReply> {
  return call('/connect/index/search', listingReply, { method: 'POST', query: { ...request.query }, body: { ...request.body } });
}

export function getCategoryList(courierType: SpeedType | undefined): Promise<CategoryListReply> {
  return call('/connect/index/categorylist', categoryListReply, { query: { courier_type: courierType } });
}
