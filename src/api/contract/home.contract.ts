import { array, number, object, optional, string, type, type Infer } from 'superstruct';
import { envelope } from './envelope.ts';
import { numericId, storeField, zipcodeField } from './fields.ts';
import { productSummary, speedType } from './product-summary.contract.ts';

/** GET /connect/index/homepage?store_id=1&zipcode=&loc_id=&courier_type= */
export const homepageQuery = object({
  ...storeField,
  zipcode: zipcodeField,
  loc_id: numericId('loc_id'),
  courier_type: optional(speedType),
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

export const homepageData = type({
  banner: array(banner),
  ads: array(ad),
  topproduct: array(productSummary),
  categories: array(homeSection),
});
export type HomepageData = Infer<typeof homepageData>;
export const homepageReply = envelope(homepageData);
export type HomepageReply = Infer<typeof homepageReply>;

/** GET /connect/index/banners?store_id=1 */
export const bannersQuery = object(storeField);
export const bannersReply = envelope(array(banner));
export type BannersReply = Infer<typeof bannersReply>;
