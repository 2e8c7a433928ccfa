import { speedName, type SpeedValue } from './speeds.ts';

/**
 * The checkout's delivery speed options (DESIGN.md "Speeds"): the speed ids the spec's 'Choose Delivery Slots' screen
 * and place order carry. The cart's lines are local / courier / farm-direct; a local group may be delivered in the
 * hour (1), picked up (2) or eaten in (3); courier and farm groups ship (10, 11).
 */
export const speedIds = { oneHour: 1, storePickup: 2, dineIn: 3, courier: 10, farmDirect: 11 } as const;
export type SpeedId = (typeof speedIds)[keyof typeof speedIds];

export interface SpeedOptionInfo {
  id: SpeedId;
  name: string;
  /** The spec's duration label ('' where the spec gives none). */
  duration: string;
  /** Which cart lines the option serves. */
  serves: SpeedValue;
  /** What the shopper chooses with it. */
  choice: 'delivery-fee' | 'retailer' | 'delivery-date';
}

export const speedOptionInfo: readonly SpeedOptionInfo[] = [
  { id: 1, name: '1 Hour Delivery', duration: '~ 1 HOUR', serves: 'local', choice: 'delivery-fee' },
  { id: 2, name: 'Store Pickup', duration: 'READY IN 1 HOUR', serves: 'local', choice: 'retailer' },
  { id: 3, name: 'Dine-In', duration: '', serves: 'local', choice: 'retailer' },
  { id: 10, name: 'Courier Delivery', duration: '2 ~ 3 DAYS', serves: 'courier', choice: 'delivery-date' },
  { id: 11, name: 'Farm Direct', duration: '', serves: 'farm-direct', choice: 'delivery-date' },
];

/** The spec's default selection. */
export const defaultSpeedId: SpeedId = speedIds.oneHour;

export function isSpeedId(value: unknown): value is SpeedId {
  return typeof value === 'number' && speedOptionInfo.some((s) => s.id === value);
}

export function speedOptionOf(id: SpeedId): SpeedOptionInfo {
  const found = speedOptionInfo.find((s) => s.id === id);
  if (!found) throw new RangeError(`Unknown speed id ${String(id)}`);
  return found;
}

/** Pickup and dine-in need no address: the spec sends those shoppers straight to the card tab. */
export function needsAddress(id: SpeedId): boolean {
  return id !== speedIds.storePickup && id !== speedIds.dineIn;
}

/**
 * What the speed step's 'Delivery Fees' shows for a speed, or undefined where the spec shows none (only 1 Hour
 * Delivery shows one). It is the speed's own delivery_fee: the server's sum over the cart's delivery groups with that
 * speed (every Same Day shop's; a shop's delivery_fee is only its own group's share). A courier or farm group in the
 * same cart is not of that speed: its fee is its ship method's, shown beside it; order review charges them all.
 */
export function speedDeliveryFee(speed: { id: SpeedId; delivery_fee: string }): string | undefined {
  return speedOptionOf(speed.id).choice === 'delivery-fee' ? speed.delivery_fee : undefined;
}

/**
 * The speed tab's name for a speed option (Select Speed). '1 Hour Delivery' covers only a cart's Same Day lines: in a
 * mixed cart the courier's and the farm's lines ship on their own methods, so the option names them too (walk 3
 * defect 10: a Same Day and Farm Direct cart read as '1 Hour Delivery' only). The spec's names and duration labels
 * are kept as they are.
 */
export function speedOptionLabel(speed: { id: SpeedId; name: string; duration: string; ship_methods: readonly { method: string }[] }): string {
  const own = speed.duration ? `${speed.name} (${speed.duration})` : speed.name;
  if (speedOptionOf(speed.id).choice !== 'delivery-fee') return own;
  return [own, ...speed.ship_methods.map((m) => m.method)].join(' + ');
}

/**
 * How one seller's group comes at the chosen speed, for its date block on the speed tab: the name the product and cart
 * pages give its speed (Same Day, Next Day, Farm Direct) with the checkout's name for how it comes where that differs
 * ('Same Day (1 Hour Delivery)', 'Next Day (Courier Delivery)'), so the shopper can tie the two (walk 3 defect 10: one
 * speed read under three names). Both names are the spec's; neither is changed.
 */
export function groupSpeedName(groupType: SpeedValue, speedId: SpeedId): string {
  const own = speedOptionInfo.find((s) => s.serves === groupType && s.choice === 'delivery-date');
  const comes = groupType === 'local' || !own ? speedOptionOf(speedId) : own;
  if (comes.choice === 'retailer') return comes.name;
  const shopName = speedName(groupType);
  return shopName === comes.name ? shopName : `${shopName} (${comes.name})`;
}
