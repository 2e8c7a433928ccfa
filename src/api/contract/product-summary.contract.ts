import { array, boolean, enums, number, optional, string, type, type Infer } from 'superstruct';
import { sizeUnits } from '../../rules/sizes.ts';
import { speedValues } from '../../rules/speeds.ts';
import { money } from './fields.ts';

/** A speed as the API carries it (local, courier, farm-direct); the values are the rules' own list. */
export const speedType = enums(speedValues);
export type SpeedType = Infer<typeof speedType>;

/** What bottle_size counts for a product: 'g' (food) or 'ml' (drinks). */
export const sizeUnit = enums(sizeUnits);

/** One size of a product as cards need it: the lowest price it is offered at in the shopper's area. */
export const sizePrice = type({ id: number(), bottle_size: number(), price: money });
export type SizePrice = Infer<typeof sizePrice>;

/** A product on a card (home carousels, listings, search). */
export const productSummary = type({
  id: number(),
  name: string(),
  image: string(),
  child: array(sizePrice),
  speed_types: array(speedType),
  stock_status: optional(string()),
  /** Only a verified customer over 21 may order it (cards show a '21+' mark). */
  age_restricted: boolean(),
  size_unit: sizeUnit,
  /** Sold by weight (decision 039): the card shows its estimate ('about 1.1 lb, est. $18.40, …'). */
  sold_by_weight: optional(boolean()),
  /**
   * Listings under a vendor filter: the seller's location whose prices and stock the card shows (child, stock_status);
   * the product page opens with its offer chosen.
   */
  vendor_loc_id: optional(number()),
});
export type ProductSummary = Infer<typeof productSummary>;
