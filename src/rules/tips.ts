/**
 * Driver tip (spec section 9): 0, 5, 10, 15 or 20 percent of the item subtotal, offered only with '1 Hour Delivery'
 * (speed id 1), to the cent. Cents are integers, so the rounding is half-up on whole cents. The subtotal is the items
 * the driver brings (driverSubtotalCents): in a mixed cart the courier's and the farm's lines are not tipped.
 */
export const tipPercents = [0, 5, 10, 15, 20] as const;
export type TipPercent = (typeof tipPercents)[number];

/** The delivery speed option that carries a driver. */
export const tipSpeedId = 1;

export function isTipPercent(value: unknown): value is TipPercent {
  return typeof value === 'number' && (tipPercents as readonly number[]).includes(value);
}

export function isTipAllowed(speedId: number): boolean {
  return speedId === tipSpeedId;
}

/** percent % of subtotalCents, rounded half-up to a whole cent (1999 at 15 % → 300). */
export function tipCents(subtotalCents: number, percent: TipPercent): number {
  if (!Number.isInteger(subtotalCents) || subtotalCents < 0) throw new RangeError(`subtotal must be whole non-negative cents, got ${subtotalCents}`);
  return Math.floor((subtotalCents * percent + 50) / 100);
}

/** A cart group as the tip reads it: its speed, its items' subtotal before any coupon, and whether it is all wallet. */
export interface TippedGroup {
  speed: string;
  subtotalCents: number;
  wallet?: boolean | undefined;
}

/**
 * The item subtotal the driver tip is a percent of: the Same Day ('local') groups', which the 1 Hour Delivery driver
 * brings (walk 3 defect 9: the whole subtotal was tipped, Farm Direct and courier lines included). A cart of one
 * Same Day seller tips its whole subtotal, as before. Wallet redemptions are not delivered. Client and server both ask here.
 */
export function driverSubtotalCents(groups: readonly TippedGroup[]): number {
  return groups.filter((g) => g.speed === 'local' && g.wallet !== true).reduce((sum, g) => sum + g.subtotalCents, 0);
}
