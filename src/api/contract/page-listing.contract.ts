import { type, unknown, type Infer } from 'superstruct';
import { speedValues } from '../../rules/speeds.ts';
import { listingReply, type ListingReply } from './catalogue.contract.ts';
import type { ProductSummary } from './product-summary.contract.ts';

/**
 * A category listing's first page drawn by the server (docs/decisions/066): the reply it drew, and the request (the
 * SWR key's request, src/rules/listing-query.ts) it answers, in a `<script type="application/json">` the app takes as
 * the listing's first data instead of asking again.
 */
export const pageListingElementId = 'page-listing';
export const pageListing = type({ key: unknown(), reply: listingReply });
export type PageListing = Infer<typeof pageListing>;

/**
 * What the prerendered listing frame (vite build) is drawn with: a title, a zip and one card whose every part shows
 * (21+, an estimate, a price, every speed), each a stand-in the server finds and writes the listing's own over.
 */
export const prerenderedListingTitle = 'PRERENDERED-LISTING-TITLE';
export const prerenderedListingZip = 'PRERENDERED-ZIP';
export const prerenderedListingCard: ProductSummary = {
  id: 987654321,
  name: 'PRERENDERED-CARD-NAME',
  image: '/media/products/prerendered-listing-card.svg',
  child: [{ id: 1, bottle_size: 454, price: '98765.43' }],
  speed_types: [...speedValues],
  age_restricted: true,
  size_unit: 'g',
  sold_by_weight: true,
};

/** The listing the frame is drawn with: the one card, and a filter group so the page keeps its filter column. */
export const prerenderedListingReply: ListingReply = {
  code: 1,
  data: {
    products: [prerenderedListingCard],
    filters: [{ id: 1, name: 'Price', parameter: 'priceranges', options: [{ label: 'PRERENDERED-FILTER', value: '0-1' }] }],
    pagination: { total_records: 1, total_page: 1, limit: 1, current_page: 0 },
  },
};
