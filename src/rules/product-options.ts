import { dollarsToCents } from './money.ts';
import { visibleSizesSorted } from './sizes.ts';
import { orderedSpeeds, type SpeedValue } from './speeds.ts';

/** What the product page needs of a size and its offers (structurally the contract's productSize). */
export interface OfferLike {
  Type: SpeedValue;
  Loc_id: number;
  Price: string;
  stock: number;
  vendor_name: string;
}
export interface SizeLike {
  id: number;
  bottle_size: number;
  price: string;
  speed_id: readonly OfferLike[];
}

export interface Selection {
  sizeId: number | undefined;
  speed: SpeedValue | undefined;
  vendorLocId: number | undefined;
}

/** The sizes the SELECT SIZE dropdown lists: sorted by weight, size 0 hidden unless it is the only one. */
export function selectableSizes<T extends SizeLike>(sizes: readonly T[]): T[] {
  const visible = visibleSizesSorted(sizes);
  return visible.length > 0 ? visible : sizes.slice(0, 1);
}

/** Speeds offered for one size in the shopper's area, in the dropdown's order. */
export function speedsForSize(size: SizeLike | undefined): SpeedValue[] {
  return size ? orderedSpeeds(size.speed_id.map((o) => o.Type)) : [];
}

function cents(price: string): number {
  return dollarsToCents(price) ?? Number.POSITIVE_INFINITY;
}

/** The offer a speed buys: a chosen vendor's, else the cheapest with stock, else the cheapest. */
export function offerFor(size: SizeLike | undefined, speed: SpeedValue | undefined, vendorLocId?: number): OfferLike | undefined {
  if (!size || !speed) return undefined;
  const offers = size.speed_id.filter((o) => o.Type === speed);
  const chosen = vendorLocId === undefined ? undefined : offers.find((o) => o.Loc_id === vendorLocId);
  if (chosen) return chosen;
  const byPrice = [...offers].sort((a, b) => cents(a.Price) - cents(b.Price));
  return byPrice.find((o) => o.stock > 0) ?? byPrice[0];
}

/**
 * A size's default speed and vendor: the first speed that has stock, else the first speed. A preferred seller (the
 * product opened from a listing filtered by that seller) is kept whenever it sells the size: its first speed with
 * stock, else its first speed.
 */
export function selectionForSize(size: SizeLike | undefined, preferredLocId?: number): Selection {
  const theirs = preferredLocId === undefined ? [] : (size?.speed_id.filter((o) => o.Loc_id === preferredLocId) ?? []);
  if (theirs.length > 0) {
    const speeds = orderedSpeeds(theirs.map((o) => o.Type));
    const speed = speeds.find((s) => theirs.some((o) => o.Type === s && o.stock > 0)) ?? speeds[0];
    return { sizeId: size?.id, speed, vendorLocId: preferredLocId };
  }
  const speeds = speedsForSize(size);
  const speed = speeds.find((s) => (offerFor(size, s)?.stock ?? 0) > 0) ?? speeds[0];
  return { sizeId: size?.id, speed, vendorLocId: offerFor(size, speed)?.Loc_id };
}

/** The first size shown, or with a preferred seller the first size that seller sells. */
export function initialSelection(sizes: readonly SizeLike[], preferredLocId?: number): Selection {
  const selectable = selectableSizes(sizes);
  const theirs = preferredLocId === undefined ? undefined : selectable.find((size) => size.speed_id.some((o) => o.Loc_id === preferredLocId));
  return selectionForSize(theirs ?? selectable[0], preferredLocId);
}

/** The price shown: the chosen offer's, else the size's lowest. */
export function selectedPrice(size: SizeLike | undefined, selection: Selection): string | undefined {
  return offerFor(size, selection.speed, selection.vendorLocId)?.Price ?? size?.price;
}

/** 'in stock' only when the chosen offer has stock (the spec's stock_status value). */
export function selectedStockStatus(size: SizeLike | undefined, selection: Selection): 'in stock' | 'out of stock' {
  const offer = offerFor(size, selection.speed, selection.vendorLocId);
  return offer && offer.stock > 0 ? 'in stock' : 'out of stock';
}
