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
