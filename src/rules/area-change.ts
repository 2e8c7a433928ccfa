import { storeTimeZone } from './delivery-dates.ts';
import { deliveryOptionLabels, type DeliveryOptionKind } from './dine-in.ts';
import type { SpeedValue } from './speeds.ts';
import { formatMoney } from './money.ts';

/** A Dine-In or Pick-Up at a restaurant that a new pincode in another area ends. */
export interface EndingVisit {
  visit: 'Dine-In' | 'Pick-Up';
  restaurant: string;
}

/**
 * Said with 'Pin Code Changed' when the new area ends a Dine-In or Pick-Up visit (its restaurant is in the old one).
 * Here, not in messages.ts: that module is in the first load, with every text any screen takes from it.
 */
export const visitDroppedMessage = ({ visit, restaurant }: EndingVisit, oldZip: string) =>
  `Your ${visit} at ${restaurant} was for ${oldZip}: you are on Delivery now.`;

/**
 * What the shopper is told before a new pincode or delivery option changes their cart (issue 23: nothing they chose
 * disappears silently). The lines come from the server (POST /api/cart/movearea); these are only the words.
 */
export interface AreaChangeLine {
  name: string;
  size: string;
  qty: number;
  /** Its price now, in dollars. */
  price?: string | undefined;
  /** A kept line moved to another seller's offer: its price there, in dollars. */
  new_price?: string | undefined;
  /** Moving to another offer with less in stock (or past 24): the quantity it moves with; 0: it cannot move. */
  new_qty?: number | undefined;
  /** A kept line moved to another seller: that seller's name (area-change-sellers.ts words it). */
  new_seller?: string | undefined;
}

export interface AreaChangeQuestion {
  /** What the shopper is changing to: a pincode ('60601') or a delivery option ('Dine-In'). */
  target: string;
  /** What they keep by saying no: the old pincode or option; undefined when there was none. */
  current?: string | undefined;
  keep: readonly AreaChangeLine[];
  drop: readonly AreaChangeLine[];
  /** Lines kept earlier for the new pincode that come back into the cart. */
  restore?: readonly AreaChangeLine[] | undefined;
  /** Where the lines the new choice cannot sell may be kept instead of removed (the old pincode); none: no such answer. */
  keepFor?: string | undefined;
  /** The option the cart is on after the change (a new seller's lines are timed in its words); absent: Delivery. */
  mode?: DeliveryOptionKind | undefined;
  /** A Dine-In or Pick-Up the change ends (a new pincode in another area: the cart goes to Delivery). */
  endsVisit?: { visit: 'Dine-In' | 'Pick-Up'; restaurant: string } | undefined;
}

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

export function areaChangeWords(q: AreaChangeQuestion) {
  return {
    title: `Change to ${q.target}?`,
    keepHeading: q.drop.length === 0 ? `Everything in your cart comes with you to ${q.target}:` : `These stay in your cart:`,
    dropHeading: `${q.target} cannot sell these, so they will be removed from your cart:`,
    confirm: q.drop.length === 0 ? `Change to ${q.target}` : `Change to ${q.target} and remove ${items(q.drop.length)}`,
    keepCurrent: q.current ? `Keep ${q.current} and my whole cart` : 'Keep my whole cart',
    /** The third answer (issue 23): the lines leave the cart but wait for the old pincode. */
    keepOld: q.keepFor && q.drop.length > 0 ? `Change to ${q.target} and keep ${items(q.drop.length)} for ${q.keepFor}` : undefined,
    restoreHeading: `Kept for ${q.target}, these come back to your cart:`,
    /** Over the kept lines whose price changes with the move (our words: the spec has none). */
    priceHeading: `New prices with ${q.target}:`,
    /** QA walk 3: a new pincode ended a pick-up or a table without a word (our words: the spec has none). */
    endsVisit: q.endsVisit
      ? `Your ${q.endsVisit.visit} at ${q.endsVisit.restaurant} ends: at ${q.target} your cart is on Delivery, and your items come by delivery.`
      : undefined,
  };
}

/**
 * The kept lines that move to another seller's offer at another price, as the question names them before anything
 * moves: 'USDA Prime Ribeye Steak: $65.79 → $38.10' (the size too when two such lines share a name).
 */
export function priceChangeLines(keep: readonly AreaChangeLine[]): string[] {
  const changed = keep.flatMap(({ name, size, price, new_price }) =>
    price !== undefined && new_price !== undefined && new_price !== price ? [{ name, size, from: price, to: new_price }] : [],
  );
  const shared = (name: string) => changed.filter((line) => line.name === name).length > 1;
  return changed.map(
    (line) => `${shared(line.name) ? `${line.name}, ${line.size}` : line.name}: ${formatMoney(line.from)} → ${formatMoney(line.to)}`,
  );
}

export function lineLabel(line: AreaChangeLine): string {
  return `${line.name}, ${line.size} × ${line.qty}`;
}

/** A line the sign-in's cart merge could not keep as it was (the server's cart_changes). */
export interface CartMergeChange {
  name: string;
  size: string;
  wanted: number;
  qty: number;
}

/** An account line the sign-in moved to the shopper's delivery option (seller: its new one), or kept aside. */
export interface CartModeMove {
  name: string;
  size: string;
  qty: number;
  seller?: string | undefined;
  /** Its price before and at its new offer (dollars), when the move changed it. */
  price?: string | undefined;
  new_price?: string | undefined;
}

/** What the sign-in's merge did beyond capping (QA walk 3): lines moved to the shopper's option, lines kept aside. */
export interface CartModeMoves {
  /** The option the shopper is on: 'Pick-Up at Gramercy Chop House', 'Delivery'. */
  option: string;
  moved?: readonly CartModeMove[] | undefined;
  kept?: readonly CartModeMove[] | undefined;
}

/**
 * The delivery option the shopper is on, as the sign-in notice and the checkout name it: 'Dine-In at Gramercy Chop
 * House', 'Pick-Up', 'Delivery' (the options' labels live in a chunk the sign-in and the checkout do not load).
 */
export function shopperOptionLabel(stored: { couriertype?: string | undefined; retailer_name?: string | undefined }): string {
  const visit = stored.couriertype === 'dine-in' ? 'Dine-In' : stored.couriertype === 'pickup' ? 'Pick-Up' : undefined;
  return visit && stored.retailer_name ? `${visit} at ${stored.retailer_name}` : (visit ?? 'Delivery');
}

/**
 * Walk 6 #4: the delivery option or pincode changed while the checkout was open (in another tab): the checkout, priced
 * for the former one, goes back to the cart, which shows the cart of now (our words: the spec has none).
 */
export function optionChangedMessage(stored: {
  couriertype?: string | undefined;
  retailer_name?: string | undefined;
  zipcode?: string | undefined;
}): string {
  const at = stored.zipcode ? ` (${stored.zipcode})` : '';
  return `Your delivery option changed in another tab: you are on ${shopperOptionLabel(stored)}${at} now. Check your cart, then CHECKOUT again.`;
}

/**
 * What the shopper is told when signing in combined their guest cart with their account's and capped a line, moved
 * one to the delivery option they are on (at its new price, if that changed), or kept one aside that it cannot sell
 * (our words: the spec has none). 'Combined' only when two carts became one (`combined`, the server's cart_combined):
 * an account's cart only moved to the option reads as moved (decision 087 left).
 */
export function cartMergeMessage(changes: readonly CartMergeChange[], modeMoves?: CartModeMoves, combined = false): string {
  const parts = combined ? ["Your cart was combined with your account's cart."] : [];
  if (changes.length > 0) {
    const lines = changes.map((c) => `${c.name}, ${c.size}: ${c.qty} instead of ${c.wanted}`).join('; ');
    parts.push(`Not everything fit: ${lines} (the most we can sell).`);
  }
  const moved = modeMoves?.moved ?? [];
  if (modeMoves && moved.length > 0) {
    const lines = moved.map((m) => (m.seller ? `${m.name}, ${m.size} now comes from ${m.seller}` : `${m.name}, ${m.size}`)).join('; ');
    parts.push(combined ? `For ${modeMoves.option}: ${lines}.` : `Your cart was moved to ${modeMoves.option}: ${lines}.`);
    // Walk 6 #5: a new price is named as the switch dialog names it ('New prices with Dine-In: …').
    const prices = priceChangeLines(moved);
    if (prices.length > 0) parts.push(`${areaChangeWords({ target: modeMoves.option, keep: [], drop: [] }).priceHeading} ${prices.join('; ')}.`);
  }
  const kept = modeMoves?.kept ?? [];
  if (modeMoves && kept.length > 0) {
    const lines = kept.map((k) => lineLabel({ ...k })).join('; ');
    parts.push(`${modeMoves.option} cannot sell ${lines}: kept for another delivery option, back in your cart when you choose it again.`);
  }
  return parts.join(' ');
}

/** Whether signing in changed the cart in a way the shopper is told (capped, moved or kept aside). */
export function mergeChangedCart(
  result:
    | { cart_changes?: readonly unknown[] | undefined; cart_moved?: readonly unknown[] | undefined; cart_kept?: readonly unknown[] | undefined }
    | undefined,
): boolean {
  return (result?.cart_changes?.length ?? 0) + (result?.cart_moved?.length ?? 0) + (result?.cart_kept?.length ?? 0) > 0;
}

/**
 * How long lines kept for an old zip wait (decision 047): a week covers a shopper who orders from the office on
 * weekdays and from home at the weekend, or visits family for a few days; after that the choice is stale (meat and
 * fish offers, prices and stock change weekly) and the line only clutters the cart.
 */
export const keptLinesLastDays = 7;

/**
 * The cart's section of lines kept for one zip (the words of decision 041's third answer: "keep … for 10001"). Lines
 * kept at the zip the shopper is at were kept for another delivery option (Delivery, Dine-In or Pick-Up, issue 23):
 * "Kept for 10001 … when you choose 10001 again" read as nonsense there, so they say the option instead.
 */
export function keptSectionWords(zipcode: string, expiresAt: string, currentZip?: string, option?: string) {
  const until = `They are kept until ${keptUntilLabel(expiresAt)}.`;
  // The option its offer is sold for, as the switch dialog named it (walk 6: 'another delivery option' named none).
  if (zipcode === currentZip && option) {
    return {
      heading: `Kept for ${option}`,
      note: `These come back to your cart when you choose ${option} again (Change, beside it in the header). ${until}`,
      remove: (name: string) => `Remove ${name} kept for ${option}`,
    };
  }
  if (zipcode === currentZip) {
    return {
      heading: 'Kept for another delivery option',
      note: `These come back to your cart when you choose that delivery option again (Change, beside it in the header). ${until}`,
      remove: (name: string) => `Remove ${name} kept for another delivery option`,
    };
  }
  return {
    heading: `Kept for ${zipcode}`,
    note: `These come back to your cart when you choose ${zipcode} again. ${until}`,
    remove: (name: string) => `Remove ${name} kept for ${zipcode}`,
  };
}

/**
 * The delivery option a kept line's offer is sold for, in the switch dialog's words: 'Delivery', or 'Dine-In at
 * Gramercy Chop House' / 'Pick-Up at …' for a restaurant's table or counter offer.
 */
export function keptOptionLabel(speed: SpeedValue, seller: string): string {
  if (speed === 'dine-in') return `${deliveryOptionLabels['dine-in']} at ${seller}`;
  if (speed === 'pickup') return `${deliveryOptionLabels['pick-up']} at ${seller}`;
  return deliveryOptionLabels.delivery;
}

/**
 * Beside a kept line whose offer has none in stock (QA walk 3: one sat under 'These come back …' while it could not):
 * it comes back once restocked, or the shopper removes it (our words: the spec has none).
 */
export const keptLineUnavailable = 'Not available now: none in stock. It comes back when restocked, or remove it.';

/** 'Dec 5' in the store's time zone (New York), the day a kept line goes. */
export function keptUntilLabel(expiresAt: string): string {
  return new Date(expiresAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: storeTimeZone });
}
