/**
 * The spec's delivery speeds. Shoppers pick Same Day / Next Day / Farm Direct; the API and database carry the
 * internal values local / courier / farm-direct. A partner restaurant (issue 12) also sells for Dine-In (eaten or
 * drunk there) and Pick-Up (collected there): dine-in / pickup, offered only to a shopper who chose that on the
 * Delivery Options screen (the catalogue's courier_type), never in the delivery catalogue.
 */
export const speedValues = ['local', 'courier', 'farm-direct', 'dine-in', 'pickup'] as const;
export type SpeedValue = (typeof speedValues)[number];

/** The speeds something is brought to the shopper at: what the catalogue shows when no visit speed was chosen. */
export const deliverySpeedValues = ['local', 'courier', 'farm-direct'] as const satisfies readonly SpeedValue[];
export type DeliverySpeedValue = (typeof deliverySpeedValues)[number];

/** The speeds the shopper goes to a restaurant for. */
export const visitSpeedValues = ['dine-in', 'pickup'] as const satisfies readonly SpeedValue[];
export type VisitSpeedValue = (typeof visitSpeedValues)[number];

export const speedNames = ['Same Day', 'Next Day', 'Farm Direct', 'Dine-In', 'Pick-Up'] as const;
export type SpeedName = (typeof speedNames)[number];

export interface Speed {
  value: SpeedValue;
  /** What the speed selector offers. */
  name: SpeedName;
}

/** In the order the SPEED dropdown lists them. */
export const speeds: readonly Speed[] = [
  { value: 'local', name: 'Same Day' },
  { value: 'courier', name: 'Next Day' },
  { value: 'farm-direct', name: 'Farm Direct' },
  { value: 'dine-in', name: 'Dine-In' },
  { value: 'pickup', name: 'Pick-Up' },
];

export function isSpeedValue(value: unknown): value is SpeedValue {
  return typeof value === 'string' && (speedValues as readonly string[]).includes(value);
}

export function isVisitSpeed(value: unknown): value is VisitSpeedValue {
  return typeof value === 'string' && (visitSpeedValues as readonly string[]).includes(value);
}

export function speedName(value: SpeedValue): SpeedName {
  return speedOf(value).name;
}

/** The speeds among `available`, in the dropdown's order (duplicates and unknown values dropped). */
export function orderedSpeeds(available: readonly string[]): SpeedValue[] {
  return speedValues.filter((value) => available.includes(value));
}

/**
 * The offer speeds a catalogue read (prices, sizes, speeds on cards and the product page) looks at for the shopper's
 * courier_type: a visit speed only its own; otherwise the delivery speeds (a delivery courier_type narrows which
 * products are listed, not their "from" price). A restaurant's dine-in and pick-up offers appear only to a shopper
 * who chose them.
 */
export function catalogueSpeeds(courierType: SpeedValue | undefined): readonly SpeedValue[] {
  return isVisitSpeed(courierType) ? [courierType] : deliverySpeedValues;
}

function speedOf(value: SpeedValue): Speed {
  const found = speeds.find((s) => s.value === value);
  // speeds lists every SpeedValue, so this cannot miss; the throw keeps the type honest without a cast.
  if (!found) throw new RangeError(`Unknown speed ${String(value)}`);
  return found;
}

/**
 * The restaurant a catalogue read (listing, search, product page) narrows to: the one chosen on /ship/options for a
 * visit speed (its offers only, at its prices), none for a delivery speed.
 */
export function catalogueRestaurant(courierType: SpeedValue | undefined, restaurantLocId: number | undefined): number | undefined {
  return isVisitSpeed(courierType) ? restaurantLocId : undefined;
}
