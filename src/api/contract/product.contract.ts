import { array, boolean, enums, nullable, number, object, optional, record, string, type, type Infer } from 'superstruct';
import { envelope } from './envelope.ts';
import { blankIsMissing, money, numericId, speedField, storeField, zipcodeField } from './fields.ts';
import { productSummary, sizePrice, sizeUnit, speedType } from './product-summary.contract.ts';
import { review, reviewFigures } from './reviews.contract.ts';

/** GET /connect/index/product?prodid=&store_id=1&loc_id=&dineinTime=&zipCode=&courier_type= */
export const productQuery = object({
  prodid: numericId('prodid'),
  ...storeField,
  loc_id: numericId('loc_id'),
  /** Left over from the dine-in template: accepted and not used. */
  dineinTime: optional(string()),
  zipCode: blankIsMissing(optional(zipcodeField)),
  /**
   * Delivery speeds do not narrow the page (its SPEED dropdown offers every delivery speed sold in the area); dine-in
   * and pickup show only the restaurants' offers at that speed (issue 12).
   */
  courier_type: speedField('courier_type'),
  /** With dine-in or pickup: only this restaurant's offers (the one chosen on /ship/options). */
  vendor_location_id: blankIsMissing(optional(numericId('vendor_location_id'))),
});
export type ProductQuery = Infer<typeof productQuery>;

export const stockStatuses = ['in stock', 'out of stock'] as const;
export const stockStatus = enums(stockStatuses);
export type StockStatus = Infer<typeof stockStatus>;

/** One offer of a size: the spec's speed_id entry (Type, Loc_id, Price) plus who sells it and how many are left. */
export const speedOffer = type({
  Type: speedType,
  Loc_id: number(),
  Price: money,
  vendor_name: string(),
  stock: number(),
});
export type SpeedOffer = Infer<typeof speedOffer>;

/** The spec's product "child": one size as cards show it (price: its lowest offered price in the area), and more. */
export const productSize = type({
  ...sizePrice.schema,
  maximumprice: money,
  brand_name: string(),
  product_type: string(),
  product_category: string(),
  country_of_manufacture: nullable(string()),
  stock_status: stockStatus,
  speed_id: array(speedOffer),
});
export type ProductSize = Infer<typeof productSize>;

/** vendor_list entry, keyed by the vendor location's loc_id: its lowest price and the size (prod_id) it is for. */
export const vendorEntry = type({ vendor_name: string(), price: money, prod_id: number() });

export const productDetail = type({
  id: number(),
  name: string(),
  description: string(),
  images: array(string()),
  image: string(),
  thumbnail: string(),
  base_image: string(),
  small_image: string(),
  additional_images: array(type({ additional_image: string() })),
  price: money,
  stock_status: stockStatus,
  /** The newest page of reviews (REVIEWS_PER_PAGE); later pages from GET /connect/index/reviews. */
  reviews: array(review),
  ...reviewFigures,
  taste_scale: nullable(number()),
  skill_scale: nullable(number()),
  /** Minutes to cook. */
  time: nullable(number()),
  related_products: array(productSummary),
  vendor_list: record(string(), vendorEntry),
  child: array(productSize),
  /** Only a verified customer over 21 may order it: the page shows a '21+' mark and says so. */
  age_restricted: boolean(),
  size_unit: sizeUnit,
  /** Decision 039: priced at its nominal weight; the page says 'about 1.1 lb, est. $18.40'. */
  sold_by_weight: optional(boolean()),
});
export type ProductDetail = Infer<typeof productDetail>;

/** code -1 with 'Product not found' or 'This product is not available in your area.' */
export const productReply = envelope(productDetail);
export type ProductReply = Infer<typeof productReply>;

/**
 * A product page also arrives with the product's first picture, its largest paint (the same in every area): the
 * server (server/http/spa-shell.ts) draws it in the prerendered page and writes it into a JSON block with this id, so
 * the page shows it while the product call is under way (src/api/page-product-picture.ts).
 */
export const pageProductPictureElementId = 'product-picture';
export const pageProductPicture = type({ id: number(), url: string() });
export type PageProductPicture = Infer<typeof pageProductPicture>;

/** What the prerendered product page (vite build) draws as the picture: the server writes the product's over it. */
export const prerenderedProductPicture: PageProductPicture = { id: 0, url: '/media/products/prerendered-product-picture.svg' };
