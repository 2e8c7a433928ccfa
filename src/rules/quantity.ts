/** The detail page's QUANTITY dropdown offers 1 to 24; a cart line never holds more than 24 of one item. */
export const minQuantity = 1;
export const maxQuantity = 24;
export const quantityMessage = `qty must be a whole number from ${minQuantity} to ${maxQuantity}.`;

export const quantityOptions: readonly number[] = Array.from({ length: maxQuantity }, (_, i) => i + minQuantity);

export function isQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= minQuantity && value <= maxQuantity;
}

/** The stepper never goes below 1 nor above 24. */
export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return minQuantity;
  return Math.min(maxQuantity, Math.max(minQuantity, Math.trunc(value)));
}
