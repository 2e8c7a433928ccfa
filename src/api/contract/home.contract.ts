import { array, is, number, object, optional, refine, string, type, type Infer } from 'superstruct';
import { envelope } from './envelope.ts';
import { blankIsMissing, numericId, storeField, zipcodeField } from './fields.ts';
import { productSummary, speedType } from './product-summary.contract.ts';

/** GET /connect/index/homepage?store_id=1&zipcode=&loc_id=&courier_type=&vendor_location_id= */
export const homepageQuery = object({
  ...storeField,
  zipcode: zipcodeField,
  loc_id: numericId('loc_id'),
  courier_type: optional(speedType),
  /**
   * With dine-in or pickup: the restaurant chosen on /ship/options, whose offers the carousels show (its prices, only
   * what it sells), as listings, search and the product page do; ignored for a delivery speed.
   */
  vendor_location_id: blankIsMissing(optional(numericId('vendor_location_id'))),
});
export type HomepageQuery = Infer<typeof homepageQuery>;

export const banner = type({ imageurl: string(), alt: string() });
export type Banner = Infer<typeof banner>;

/**
 * The store's banners also travel in /store's page itself: the server (server/http/spa-shell.ts) writes them into a
 * JSON block with this id, so the store home draws them, its largest paint, at its first render (src/api/page-banners.ts).
 */
export const pageBannersElementId = 'store-banners';

/**
 * What the prerendered /store (vite build) shows as its first banner: the server writes the current first banner's
 * address and text over these, so the picture painted before any script is the one the app then draws in its place.
 */
export const prerenderedBanner: Banner = { imageurl: '/media/banners/prerendered-first-banner.svg', alt: 'prerendered-first-banner-text' };
export const ad = type({ imageurl: string(), text: string() });
export const homeSection = type({ category_id: number(), categoryName: string(), products: array(productSummary) });
export type HomeSection = Infer<typeof homeSection>;

const homepageFixed = type({
  banner: array(banner),
  ads: array(ad),
  topproduct: array(productSummary),
});
const fixedKeys: ReadonlySet<string> = new Set(['banner', 'ads', 'topproduct']);

/**
 * The spec's home response (storefront.md, "Home response"): banner[], ads[], topproduct[], plus category keys
 * each with categoryName and products[]. A category's key is its name; every key besides the three must be a section.
 */
export const homepageData = refine(homepageFixed, 'category keys', (value) => {
  for (const [key, section] of Object.entries(value)) {
    if (!fixedKeys.has(key) && !is(section, homeSection)) return `${key} must be a category with categoryName and products[]`;
  }
  return true;
});
export type HomepageData = Infer<typeof homepageFixed> & {
  readonly [category: string]: HomeSection | Infer<typeof homepageFixed>[keyof Infer<typeof homepageFixed>];
};

/** The home reply's category sections, in the reply's order (the keys besides banner, ads and topproduct). */
export function homeSections(data: HomepageData): HomeSection[] {
  return Object.entries(data).flatMap(([key, section]) => (!fixedKeys.has(key) && is(section, homeSection) ? [section] : []));
}

/** The reply's category keys from its sections: each under its name. */
export function categoryKeys(sections: readonly HomeSection[]): Record<string, HomeSection> {
  return Object.fromEntries(sections.map((section) => [section.categoryName, section]));
}
export const homepageReply = envelope(homepageData);
export type HomepageReply = Infer<typeof homepageReply>;

/** GET /connect/index/banners?store_id=1 */
export const bannersQuery = object(storeField);
export const bannersReply = envelope(array(banner));
export type BannersReply = Infer<typeof bannersReply>;
