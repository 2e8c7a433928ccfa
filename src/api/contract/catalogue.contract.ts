import { array, defaulted, define, lazy, number, object, optional, refine, string, type, type Infer, type Struct } from 'superstruct';
import { coerce } from './coerce.ts';
import { isPageSize, isSortKey, pageSizeMessage, sortKeys, type PageSize, type SortKey } from '../../rules/listing.ts';
import { envelope } from './envelope.ts';
import { blankIsMissing, numericId, speedField, storeField, zipcodeField } from './fields.ts';
import { productSummary } from './product-summary.contract.ts';

// ---- Shared query fields -------------------------------------------------------------------------------------

/** Whole numbers arrive as text in query strings and sometimes in bodies: accept '12' and 12. */
function wholeNumberText(struct: Struct<number, null>): Struct<number, null> {
  return coerce(struct, string(), (text) => (/^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : text));
}

export const pageField = blankIsMissing(
  defaulted(
    wholeNumberText(
      define<number>(
        'page',
        (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000) || 'page must be a whole number from 0.',
      ),
    ),
    0,
  ),
);

export const limitField: Struct<PageSize, null> = blankIsMissing(
  defaulted(
    coerce(
      define<PageSize>('limit', (v) => isPageSize(v) || pageSizeMessage),
      string(),
      (text) => (/^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : text),
    ),
    20,
  ),
);

export const sortField = blankIsMissing(optional(define<SortKey>('sort', (v) => isSortKey(v) || `sort must be one of ${sortKeys.join(', ')}.`)));

/**
 * What every listing (category, filters, search) is asked with: the store, the shopper's area (zipcode, area,
 * speed, and for Dine-In or Pick-Up the restaurant chosen on /ship/options) and the page. Spread after the listing's
 * own first field, `...listingAreaFields`.
 */
const listingAreaFields = {
  ...storeField,
  zipcode: zipcodeField,
  loc_id: numericId('loc_id'),
  courier_type: speedField('courier_type'),
  /**
   * With dine-in or pickup: the chosen restaurant, whose offers the cards show (its prices, only what it sells), as
   * the product page and the cart do; ignored for a delivery speed.
   */
  vendor_location_id: blankIsMissing(optional(numericId('vendor_location_id'))),
  page: pageField,
  limit: limitField,
  sort: sortField,
};

// ---- GET /connect/index/categorylist?store_id=1&courier_type= -------------------------------------------------

export const categoryListQuery = object({ ...storeField, courier_type: speedField('courier_type') });
export type CategoryListQuery = Infer<typeof categoryListQuery>;

/** A category with its sub-categories (the header menu's dropdown); categories are the same in every area. */
export interface CategoryNode {
  category_id: number;
  category_name: string;
  child: CategoryNode[];
}
export const categoryNode: Struct<CategoryNode, null> = lazy(() =>
  type({ category_id: number(), category_name: string(), child: array(categoryNode) }),
);
export const categoryListReply = envelope(array(categoryNode));
export type CategoryListReply = Infer<typeof categoryListReply>;

// ---- Listing replies (category, filters, search) ---------------------------------------------------------------

export const filterChoice = type({ label: string(), value: string() });
export const filterOption = type({ label: string(), value: string(), children: optional(array(filterChoice)) });
export type FilterOption = Infer<typeof filterOption>;

/** One filter group: `parameter` is the body key the filters call takes ('priceranges', 'size', 'catid', 'vendor'). */
export const listingFilter = type({ id: number(), name: string(), parameter: string(), options: array(filterOption) });
export type ListingFilter = Infer<typeof listingFilter>;

/** current_page is 0-based, as the client sends it. */
export const pagination = type({
  total_records: number(),
  total_page: number(),
  limit: number(),
  current_page: number(),
});
export type Pagination = Infer<typeof pagination>;

export const listingData = type({ products: array(productSummary), filters: array(listingFilter), pagination });
export type ListingData = Infer<typeof listingData>;

/**
 * code 1 with data; code -1 with a message when there is nothing to show ('This category contains no products'),
 * still carrying data (empty products, the filters) so the filter panel can stay on screen.
 */
export const listingReply = envelope(listingData);
export type ListingReply = Infer<typeof listingReply>;

// ---- GET /connect/index/category ------------------------------------------------------------------------------

export const categoryQuery = object({
  catid: numericId('catid'),
  ...listingAreaFields,
});
export type CategoryQuery = Infer<typeof categoryQuery>;

// ---- POST /connect/index/filters ------------------------------------------------------------------------------

/** A dollar amount as a number (12.5) or text ('12.50'). */
function dollarField(label: string): Struct<number, null> {
  return coerce(
    define<number>(
      label,
      (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 10_000_000) || `${label} must be an amount in dollars.`,
    ),
    string(),
    (text) => (/^\d{1,8}(?:\.\d{1,2})?$/.test(text.trim()) ? Number(text.trim()) : text),
  );
}

/** A size in grams (0 is the hidden "no size"). */
const gramsField = wholeNumberText(
  define<number>('size', (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1_000_000) || 'size must be a weight in grams.'),
);

/** The most values one filter group takes: more is not a shopper's choice (the client caps its URLs the same way). */
export const maxFilterValues = 50;

function filterValues<T>(label: string, element: Struct<T, null>): Struct<T[] | undefined, Struct<T, null>> {
  return optional(refine(array(element), label, (values) => values.length <= maxFilterValues || `${label} takes at most ${maxFilterValues} values.`));
}

/**
 * Arrays of values per filter parameter. Values are OR within a group, groups are AND. Values that match nothing
 * (an unknown price range, a catid outside the parent category) are ignored; values of the wrong type are a 400.
 * A vendor is the exception: a seller with nothing here matches nothing, since a shopper who asked for that seller's
 * products must not be shown everyone else's under its name.
 */
export const filtersBody = object({
  parent_category_id: numericId('parent_category_id'),
  ...listingAreaFields,
  priceranges: filterValues('priceranges', string()),
  minprice: blankIsMissing(optional(dollarField('minprice'))),
  maxprice: blankIsMissing(optional(dollarField('maxprice'))),
  size: filterValues('size', gramsField),
  catid: filterValues('catid', numericId('catid')),
  /** Vendor ids (the cart's sellers): only products one of them offers in the area, at the speed asked for. */
  vendor: filterValues('vendor', numericId('vendor')),
});
export type FiltersBody = Infer<typeof filtersBody>;

// ---- POST /connect/index/search?q=&store_id=1&zipcode=&loc_id=&courier_type=&page=&limit= with body { q } -------

/** Search text longer than this is cut, never refused: shoppers paste all sorts of things. */
export const searchTextLimit = 100;

const searchText = coerce(string(), number(), (n) => String(n));

export const searchQuery = object({
  q: optional(searchText),
  ...listingAreaFields,
});
export type SearchQuery = Infer<typeof searchQuery>;

/** The body's q wins over the query's (the old client sends both). */
export const searchBody = object({ q: optional(searchText), ...storeField });
export type SearchBody = Infer<typeof searchBody>;
