import type { ActorRefFrom } from 'xstate';
import type { MoveAreaBody } from '../../api/contract/cart-area.contract.ts';
import type { Sent } from '../../api/http.ts';
import type { ClosedDay, NextDeliveryDateEntry, SlotOffer } from '../../api/contract/cart-page.contract.ts';
import type { VisitRetailer } from '../../api/contract/dine-in.contract.ts';
import {
  courierTypeFor,
  offersPickUp,
  shippingFlagsFor,
  visitTimes,
  type DeliveryOptionKind,
  type PriceCategoryFilter,
} from '../../rules/dine-in.ts';
import { deliveryOptionMessages } from '../../rules/messages.ts';
import { dineinTimeOf } from '../../rules/visit-time.ts';
import { addDays, storeMinutes, storeToday } from '../../rules/delivery-dates.ts';
import { isSignedIn, type SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import { moveBody, type CartCheck, type CartMoveAnswer } from '../shared/cart-move.ts';

/** The delivery options' context, events and the rules the machine and its selectors compute with. */

export interface DeliveryOptionsInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The clock the date and time choices follow (tests pin it). */
  now?: () => Date;
  /** A restaurant to start with (the locator's 'Dine here'): Dine-In opens with it chosen. */
  preferredRetailer?: number | undefined;
}

export interface DeliveryOptionsContext {
  session: ActorRefFrom<typeof sessionMachine>;
  now: () => Date;
  preferredRetailer: number | undefined;
  /**
   * The restaurants selling at Dine-In or Pick-Up in the shopper's area, each with those speeds (the rule the server
   * checks a chosen restaurant by): each card lists its own (retailersFor), the star filter narrows the dropdown.
   */
  retailers: VisitRetailer[];
  /** The first available card: Dine-In when a restaurant serves it in the area, else Delivery. */
  primary: DeliveryOptionKind | undefined;
  selected: DeliveryOptionKind | undefined;
  stars: PriceCategoryFilter;
  retailerId: number | undefined;
  /** 'YYYY-MM-DD' */
  date: string | undefined;
  /** 'HH:MM' (dine-in and pick-up) */
  time: string | undefined;
  slots: SlotOffer[];
  slotId: number | undefined;
  /** The spec's notice for an unserved zip ('We are coming soon to this pincode…'), for no retailer, or for all slots booked. */
  message: string | undefined;
  /**
   * CONTINUE was pressed on Dine-In or Pick-Up with something missing: the page names what (missingChoices) until the
   * card changes. Not before: a message under a field the shopper has not reached yet reads as a mistake of theirs.
   */
  submitted: boolean;
  /** The area shop's calendar (nextDeliveryDate by vendor_loc_id): its earliest date and its closed days with why. */
  shopCalendar: NextDeliveryDateEntry | undefined;
  /** A new option with a cart (issue 23): what stays, what the option cannot sell, what comes back. */
  cartCheck: CartCheck | undefined;
  /** The shopper's answer: remove the lines the option cannot sell, or keep them for the old one. */
  answer: CartMoveAnswer;
  /** The signed-in account's cart read at CONTINUE, which this tab did not hold (walk 8 #3): the one asked about. */
  accountCartId: string | undefined;
}

export type DeliveryOptionsEvent =
  | { type: 'option.select'; kind: DeliveryOptionKind }
  | { type: 'stars.select'; stars: PriceCategoryFilter }
  | { type: 'retailer.select'; locId: number | undefined }
  | { type: 'date.select'; date: string }
  | { type: 'time.select'; time: string }
  | { type: 'slot.select'; slotId: number }
  | { type: 'options.continue' }
  | { type: 'sample.open' }
  | { type: 'sample.close' }
  /** With a cart: change the option, the lines it cannot sell leave the cart. */
  | { type: 'option.confirm' }
  /** With a cart: change the option, the lines it cannot sell are kept for the old one. */
  | { type: 'option.keepOld' }
  /** With a cart: keep the old option and the whole cart. */
  | { type: 'option.keep' };

/** What a Dine-In or Pick-Up visit still lacks, in the spec's words (storefront.md, Validation rules); nothing for Delivery. */
export interface MissingChoices {
  retailer?: string;
  dateTime?: string;
}

export function missingChoices(context: DeliveryOptionsContext): MissingChoices {
  const kind = context.selected;
  if (kind !== 'dine-in' && kind !== 'pick-up') return {};
  const missing: MissingChoices = {};
  if (chosenRetailer(context) === undefined) missing.retailer = deliveryOptionMessages.retailerRequired;
  if (context.time === undefined || !timesShown(context).includes(context.time)) {
    missing.dateTime = kind === 'pick-up' ? deliveryOptionMessages.pickUpTimeRequired : deliveryOptionMessages.visitTimeRequired;
  }
  return missing;
}

/**
 * A card's restaurants: those selling at its speed in the area (none for Delivery); Pick-Up's only where the hours
 * leave a pick-up time (offersPickUp, the rule the server lists them by too).
 */
export function retailersFor(context: Pick<DeliveryOptionsContext, 'retailers'>, kind: DeliveryOptionKind | undefined): VisitRetailer[] {
  const speed = kind === undefined ? undefined : courierTypeFor(kind);
  if (speed === undefined) return [];
  return context.retailers.filter((r) => r.speeds.includes(speed) && (kind !== 'pick-up' || offersPickUp(r)));
}

/** The restaurants the dropdown lists: the chosen card's, all or those of the chosen star category. */
export function retailersShown(context: Pick<DeliveryOptionsContext, 'retailers' | 'selected' | 'stars'>): VisitRetailer[] {
  const own = retailersFor(context, context.selected);
  return context.stars === 0 ? own : own.filter((r) => r.price_category === context.stars);
}

/** The chosen restaurant, while the chosen card lists it. */
export function chosenRetailer(context: Pick<DeliveryOptionsContext, 'retailers' | 'selected' | 'retailerId'>): VisitRetailer | undefined {
  return retailersFor(context, context.selected).find((r) => r.loc_id === context.retailerId);
}

/** The times the time picker offers for the chosen restaurant and date. */
export function timesShown(context: DeliveryOptionsContext): string[] {
  const retailer = chosenRetailer(context);
  if (!retailer || !context.date || (context.selected !== 'dine-in' && context.selected !== 'pick-up')) return [];
  const now = context.now();
  return visitTimes(context.selected, retailer, context.date, storeToday(now), storeMinutes(now));
}

/** The server lists closed days for [today, today + 60) and takes dates up to today + 60: offer the listed days only. */
const daysOffered = 60;

/** What the date picker disables and why: for Delivery the area shop's closed days (issue 23), else only the past. */
export interface DatePickerDays {
  minDate: string;
  maxDate: string | undefined;
  closed: ClosedDay[];
  /** Each reason once, the recurring ones ('… is closed on Sundays.') first: the note under the calendar. */
  notes: string[];
  /** Delivery, with the shop's calendar still on its way: no day can be chosen yet (a closed Sunday would look open). */
  pending: boolean;
}

/** `calendarPending`: the machine is loading the shop's calendar (state closedDays.loading). */
export function datePickerDays(context: Pick<DeliveryOptionsContext, 'now' | 'selected' | 'shopCalendar'>, calendarPending = false): DatePickerDays {
  const today = storeToday(context.now());
  const pending = context.selected === 'delivery' && calendarPending;
  const shop = context.selected === 'delivery' ? context.shopCalendar : undefined;
  if (!shop) return { minDate: today, maxDate: undefined, closed: [], notes: [], pending };
  const closed = shop.closed ?? [];
  const counts = new Map<string, number>();
  for (const day of closed) counts.set(day.reason, (counts.get(day.reason) ?? 0) + 1);
  const notes = [...counts.keys()].sort((a, b) => Number((counts.get(b) ?? 0) > 1) - Number((counts.get(a) ?? 0) > 1));
  const minDate = shop.delivery_date > today ? shop.delivery_date : today;
  return { minDate, maxDate: addDays(today, daysOffered - 1), closed, notes, pending };
}

/** A date the picker offers: a real day, not before its minimum or after its maximum, and not a closed day. */
export function isOfferedDate(context: Pick<DeliveryOptionsContext, 'now' | 'selected' | 'shopCalendar'>, iso: string): boolean {
  const days = datePickerDays(context);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || iso < days.minDate) return false;
  if (days.maxDate !== undefined && iso > days.maxDate) return false;
  return !days.closed.some((c) => c.date === iso);
}

/**
 * The page once the list is read (spec section 4: the first available card becomes primary and selected): Dine-In,
 * with the locator's restaurant when it serves Dine-In, if any restaurant does in the area, else Delivery; with no
 * restaurant at either visit card, the spec's 'No retailer available for this location presently'.
 */
export function listedChoice(
  retailers: VisitRetailer[],
  preferred: number | undefined,
): Pick<DeliveryOptionsContext, 'retailers' | 'primary' | 'selected' | 'retailerId' | 'message'> {
  const dineIn = retailersFor({ retailers }, 'dine-in');
  const primary: DeliveryOptionKind = dineIn.length > 0 ? 'dine-in' : 'delivery';
  return {
    retailers,
    primary,
    selected: primary,
    retailerId: dineIn.find((r) => r.loc_id === preferred)?.loc_id,
    message: retailers.length === 0 ? deliveryOptionMessages.noRetailer : undefined,
  };
}

/** Which cards can be chosen: Dine-In and Pick-Up when a restaurant serves them in the area, Delivery in any served area. */
export function isOptionAvailable(context: Pick<DeliveryOptionsContext, 'retailers' | 'primary'>, kind: DeliveryOptionKind): boolean {
  if (context.primary === undefined) return false;
  return kind === 'delivery' || retailersFor(context, kind).length > 0;
}

/**
 * What a visit card says in place of its note when no restaurant serves it in the area while one serves the other
 * card: the spec's 'No retailer available for this location presently', the words the page shows (as its message,
 * once for both cards) when the area has no restaurant at all. Nothing before the list is read.
 */
export function cardNotice(context: Pick<DeliveryOptionsContext, 'retailers' | 'primary'>, kind: DeliveryOptionKind): string | undefined {
  const alone = context.primary !== undefined && context.retailers.length > 0 && !isOptionAvailable(context, kind);
  return alone ? deliveryOptionMessages.noRetailer : undefined;
}

export function isComplete(context: DeliveryOptionsContext): boolean {
  if (context.selected === 'delivery') {
    return context.date !== undefined && context.slots.some((s) => s.slot_id === context.slotId && s.available > 0);
  }
  return chosenRetailer(context) !== undefined && context.time !== undefined && timesShown(context).includes(context.time);
}

/** What the session keeps of the choice: the spec's shipping flags, the catalogue's courier type and the visit. */
export function choiceValues(context: DeliveryOptionsContext): Partial<SessionValues> {
  const kind = context.selected ?? 'delivery';
  const retailer = kind === 'delivery' ? undefined : chosenRetailer(context);
  const slot = kind === 'delivery' ? context.slots.find((s) => s.slot_id === context.slotId) : undefined;
  return {
    ...shippingFlagsFor(kind),
    couriertype: courierTypeFor(kind),
    retailer: retailer?.loc_id,
    retailer_name: retailer?.name,
    vendor_location_id: retailer?.loc_id,
    dineinTime: retailer && context.date && context.time ? dineinTimeOf(context.date, context.time) : undefined,
    // Delivery's date and slot, carried to the cart's sellers (their own dates and slots, where they have them).
    deliveryDate: kind === 'delivery' ? context.date : undefined,
    deliverySlot: slot ? { start: slot.start, end: slot.end } : undefined,
  };
}

/** The option the session holds now (what the cart was filled for): its courier type, none for Delivery. */
export function storedKind(stored: Pick<SessionValues, 'couriertype'>): DeliveryOptionKind {
  return stored.couriertype === 'dine-in' ? 'dine-in' : stored.couriertype === 'pickup' ? 'pick-up' : 'delivery';
}

/** The restaurant a Dine-In or Pick-Up choice is at; none for Delivery. */
function visitRestaurant(context: DeliveryOptionsContext): number | undefined {
  const kind = context.selected ?? 'delivery';
  return kind === 'delivery' ? undefined : chosenRetailer(context)?.loc_id;
}

/**
 * The chosen option sells at other speeds than the one this tab's cart was filled for, or (Dine-In, Pick-Up) at another
 * restaurant, whose offers its lines are not, as far as this tab knows.
 */
export function optionDiffers(context: DeliveryOptionsContext): boolean {
  const stored = context.session.getSnapshot().context;
  const kind = context.selected ?? 'delivery';
  return storedKind(stored) !== kind || (kind !== 'delivery' && stored.retailer !== visitRestaurant(context));
}

/**
 * A cart is there and the chosen option may not be the one its lines are for: ask the server before moving it. A
 * signed-in account's cart may have changed in another browser (walk 8 #3: a wallet redemption for a Dine-In table
 * there), so the server's cart is asked whatever this tab's option says; a guest's only when the option differs.
 */
export function changesCartOption(context: DeliveryOptionsContext): boolean {
  const stored = context.session.getSnapshot().context;
  if (stored.cart_id === undefined) return false;
  return isSignedIn(stored) || optionDiffers(context);
}

/**
 * The movearea call for the chosen option, in the shopper's zip, with the chosen restaurant for a visit (its offers
 * replace the lines' own where it sells them): asking, or applying their answer.
 */
export function optionMoveBody(context: DeliveryOptionsContext, apply: false | CartMoveAnswer): Sent<MoveAreaBody> {
  const stored = context.session.getSnapshot().context;
  const target = {
    cartId: context.accountCartId ?? stored.cart_id ?? '',
    zipcode: stored.zipcode ?? '',
    courierType: courierTypeFor(context.selected ?? 'delivery'),
    restaurantLocId: visitRestaurant(context),
  };
  return moveBody(target, apply);
}
