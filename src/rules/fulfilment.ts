import { bankPaymentMode } from './bank-account.ts';
import { addDays, formatUsDate, isPastCutoff, storeMinutes, storeToday } from './delivery-dates.ts';
import { handOverOf, isPayOnDeliveryStatus } from './pay-on-delivery.ts';
import { orderChangeTitle } from './order-change.ts';
import { possessive } from './possessive.ts';
import type { SizeUnit } from './sizes.ts';
import { minutesOf } from './slots.ts';
import { visitTimeStepMinutes } from './dine-in.ts';
import { timeLabel } from './visit-time.ts';
import { lineSizeLabel } from './weight-entry.ts';

/**
 * An order's life after it is placed (issue 24): one transition table that the server enforces (under a row lock,
 * server/services/fulfilment) and the seller and staff consoles' machine (src/machines/fulfilment) draws its chart and
 * buttons from. The payment status (orders.status) stays apart: this is what the sellers do with the order.
 */
export const fulfilmentStates = [
  'placed',
  'accepted',
  'picking',
  'packed',
  'out_for_delivery',
  'ready_for_pickup',
  'served',
  'delivered',
  'picked_up',
  'refused',
  'canceled',
] as const;
export type FulfilmentState = (typeof fulfilmentStates)[number];

export const fulfilmentEvents = ['accept', 'refuse', 'pick', 'pack', 'dispatch', 'ready', 'serve', 'deliver', 'hand_over', 'cancel'] as const;
export type FulfilmentEvent = (typeof fulfilmentEvents)[number];

/** Who moves an order: the seller of one of its locations, the store's staff, or the shopper who placed it. */
export type FulfilmentActor = 'seller' | 'staff' | 'shopper';

/** How the order reaches the shopper: its deliverables' speed (dine-in, pick-up, or any delivery). */
export type FulfilmentKind = 'delivery' | 'pickup' | 'dine_in';

export interface FulfilmentTransition {
  from: FulfilmentState;
  event: FulfilmentEvent;
  to: FulfilmentState;
  actors: readonly FulfilmentActor[];
  /** Only for orders of these kinds (absent: any). */
  kinds?: readonly FulfilmentKind[];
}

const sellers: readonly FulfilmentActor[] = ['seller', 'staff'];
const staffOnly: readonly FulfilmentActor[] = ['staff'];

/**
 * Every allowed move. Refusing and cancelling end the order (refund, stock and seats given back); the shopper may
 * cancel only before picking starts and before the cutoff (shopperMayChange); a seller never cancels (they refuse a
 * placed order), staff may cancel until the order leaves the shop.
 */
export const fulfilmentTransitions: readonly FulfilmentTransition[] = [
  { from: 'placed', event: 'accept', to: 'accepted', actors: sellers },
  { from: 'placed', event: 'refuse', to: 'refused', actors: sellers },
  { from: 'placed', event: 'cancel', to: 'canceled', actors: ['staff', 'shopper'] },
  { from: 'accepted', event: 'pick', to: 'picking', actors: sellers },
  { from: 'accepted', event: 'cancel', to: 'canceled', actors: ['staff', 'shopper'] },
  { from: 'picking', event: 'pack', to: 'packed', actors: sellers },
  { from: 'picking', event: 'cancel', to: 'canceled', actors: staffOnly },
  { from: 'packed', event: 'dispatch', to: 'out_for_delivery', actors: sellers, kinds: ['delivery'] },
  { from: 'packed', event: 'ready', to: 'ready_for_pickup', actors: sellers, kinds: ['pickup'] },
  { from: 'packed', event: 'serve', to: 'served', actors: sellers, kinds: ['dine_in'] },
  { from: 'packed', event: 'cancel', to: 'canceled', actors: staffOnly },
  { from: 'out_for_delivery', event: 'deliver', to: 'delivered', actors: sellers },
  { from: 'ready_for_pickup', event: 'hand_over', to: 'picked_up', actors: sellers },
  { from: 'ready_for_pickup', event: 'cancel', to: 'canceled', actors: staffOnly },
];

/** The states an order never leaves. */
export const finalFulfilmentStates: readonly FulfilmentState[] = ['served', 'delivered', 'picked_up', 'refused', 'canceled'];

/** The moves that end an order unfulfilled: the shopper is refunded and its stock and seats are given back. */
export const endingEvents: readonly FulfilmentEvent[] = ['refuse', 'cancel'];

/** The moves that complete the order (its payment status becomes complete). */
export const completingStates: readonly FulfilmentState[] = ['served', 'delivered', 'picked_up'];

/**
 * How far a seller's part has come, for the order's state: placed, accepted, picking, packed, handed over, done.
 * Ended parts (refused, canceled) have none: a part one seller refused leaves the others to go on (order-parts.ts).
 */
const progressOf: Readonly<Record<FulfilmentState, number>> = {
  placed: 0,
  accepted: 1,
  picking: 2,
  packed: 3,
  out_for_delivery: 4,
  ready_for_pickup: 4,
  served: 5,
  delivered: 5,
  picked_up: 5,
  refused: -1,
  canceled: -1,
};

/**
 * The order's state from its parts (one per seller location, each moved by its own seller): the least advanced part,
 * so the order reads Packed only once every seller has packed, and Delivered once every part is. Once any seller has
 * started picking, the order is 'Being picked' until every part is packed (the shopper may then no longer cancel or
 * move it: shopperChangeRefusal). An order whose parts all ended reads as its first ended part.
 */
export function orderStateOfParts(parts: readonly FulfilmentState[]): FulfilmentState {
  const open = parts.filter((p) => progressOf[p] >= 0);
  if (open.length === 0) return parts[0] ?? 'placed';
  const least = open.reduce((a, b) => (progressOf[b] < progressOf[a] ? b : a));
  if (progressOf[least] < progressOf.picking && open.some((p) => progressOf[p] >= progressOf.picking)) return 'picking';
  return least;
}

/** Whether a part (or the order) ended unfulfilled: refused by its seller, or canceled. */
export function isEndedState(state: FulfilmentState): boolean {
  return progressOf[state] < 0;
}

/** Whether a part (or the order) has been packed or gone further: packing settles the money once every part is. */
export function isPackedOrLater(state: FulfilmentState): boolean {
  return progressOf[state] >= progressOf.packed;
}

/** The transition an actor may take from a state with an event for an order of that kind, or undefined. */
export function fulfilmentTransition(
  from: FulfilmentState,
  event: FulfilmentEvent,
  actor: FulfilmentActor,
  kind: FulfilmentKind,
): FulfilmentTransition | undefined {
  return fulfilmentTransitions.find(
    (t) => t.from === from && t.event === event && t.actors.includes(actor) && (t.kinds === undefined || t.kinds.includes(kind)),
  );
}

/** The events an actor may send an order of this kind in this state, in table order (the console's buttons). */
export function fulfilmentEventsFor(from: FulfilmentState, actor: FulfilmentActor, kind: FulfilmentKind): FulfilmentEvent[] {
  return fulfilmentTransitions
    .filter((t) => t.from === from && t.actors.includes(actor) && (t.kinds === undefined || t.kinds.includes(kind)))
    .map((t) => t.event);
}

export function isFulfilmentState(value: string): value is FulfilmentState {
  return (fulfilmentStates as readonly string[]).includes(value);
}

export function isFulfilmentEvent(value: string): value is FulfilmentEvent {
  return (fulfilmentEvents as readonly string[]).includes(value);
}

/** The kind of an order from its deliverables' speed ('dine-in', 'pickup', anything else delivers). */
export function fulfilmentKindOf(speed: string): FulfilmentKind {
  if (speed === 'dine-in') return 'dine_in';
  if (speed === 'pickup') return 'pickup';
  return 'delivery';
}

/** What the shopper's timeline and the consoles call each state. */
export const fulfilmentStateLabels: Readonly<Record<FulfilmentState, string>> = {
  placed: 'Order placed',
  accepted: 'Accepted by the seller',
  picking: 'Being picked',
  packed: 'Packed',
  out_for_delivery: 'Out for delivery',
  ready_for_pickup: 'Ready for pick-up',
  served: 'Served',
  delivered: 'Delivered',
  picked_up: 'Picked up',
  refused: 'Refused by the seller',
  canceled: 'Canceled',
};

/**
 * A dine-in order's words where the delivery words do not fit a restaurant table (QA walk 3: its mails said 'Being
 * picked' and 'Packed'). The spec names no dine-in statuses, so these are plain dine-in words, used in the mails, the
 * order page and the consoles alike (fulfilmentStateLabel, fulfilmentEventLabel): the kitchen prepares the order and the
 * table is then ready; 'Served' is already the table's word.
 */
const dineInStateLabels: Readonly<Partial<Record<FulfilmentState, string>>> = { picking: 'Being prepared', packed: 'Table ready' };
const dineInEventLabels: Readonly<Partial<Record<FulfilmentEvent, string>>> = { pick: 'Start preparing', pack: 'Table ready' };

/** What a state is called for an order of this kind: a dine-in order's own words, else fulfilmentStateLabels. */
export function fulfilmentStateLabel(state: FulfilmentState, kind: FulfilmentKind = 'delivery'): string {
  return (kind === 'dine_in' ? dineInStateLabels[state] : undefined) ?? fulfilmentStateLabels[state];
}

/** The console's button for a move on an order of this kind (fulfilmentEventLabels; a dine-in order's own words). */
export function fulfilmentEventLabel(event: FulfilmentEvent, kind: FulfilmentKind = 'delivery'): string {
  return (kind === 'dine_in' ? dineInEventLabels[event] : undefined) ?? fulfilmentEventLabels[event];
}

export const fulfilmentKinds: readonly FulfilmentKind[] = ['delivery', 'pickup', 'dine_in'];

/** A mode's name where a description names the modes a move is for ('pick-up only'). */
export const fulfilmentKindNames: Readonly<Record<FulfilmentKind, string>> = { delivery: 'delivery', pickup: 'pick-up', dine_in: 'dine-in' };

/** Each mode's word once, in mode order: 'Being picked / Being prepared' (fulfilmentStateLabel's, no second table). */
function wordsOfKinds(kinds: readonly FulfilmentKind[], word: (kind: FulfilmentKind) => string): string {
  return [...new Set(kinds.map(word))].join(' / ');
}

/**
 * A state in the words of every mode it may be read for, where one place speaks of orders of all modes at once (the
 * staff console's Status filter, the fulfilment machine's chart): 'Packed / Table ready' (QA walk 5: delivery words
 * only). `kinds` narrows it to a move's modes. Such a place also speaks of steps whoever took them: a step naming the
 * seller ('Accepted by the seller') is read without who ('Accepted'), as the timeline names one the store took, since a
 * card staff accepted reads 'Accepted by the store' (decision 086; the filter still said 'by the seller').
 */
export function fulfilmentStateWords(state: FulfilmentState, kinds: readonly FulfilmentKind[] = fulfilmentKinds): string {
  return stepsNamingTheSeller[state] ?? wordsOfKinds(kinds, (kind) => fulfilmentStateLabel(state, kind));
}

/** A move's button in every mode's words: 'Start picking / Start preparing'. */
export function fulfilmentEventWords(event: FulfilmentEvent, kinds: readonly FulfilmentKind[] = fulfilmentKinds): string {
  return wordsOfKinds(kinds, (kind) => fulfilmentEventLabel(event, kind));
}

/** The kind of an order from the checkout's speed id it was placed at (3 Dine-In, 2 Store Pickup, else delivered). */
export function fulfilmentKindOfSpeedId(speedId: number | undefined): FulfilmentKind {
  const handOver = handOverOf(speedId);
  return handOver === 'dine-in' ? 'dine_in' : handOver === 'pick-up' ? 'pickup' : 'delivery';
}

/**
 * A reschedule is not a move (decision 040) but it is on the timeline (decision 044): its order_events row keeps the
 * state (from = to) under this event name, and the timeline calls the step 'rescheduled'.
 */
export const rescheduleEvent = 'reschedule';
export const rescheduledStep = 'rescheduled';

/**
 * A seller (or staff) closed the day an order was booked for: not a move, but on the timeline (the state unchanged)
 * as a flag that the shopper should choose another date, and mailed to them (dayClosedMail).
 */
export const dayClosedEvent = 'day_closed';
export const dayClosedStep = 'day_closed';

/** What a visit (dine-in, pick-up) is called where a closed day's words name it. */
const visitNouns: Readonly<Partial<Record<FulfilmentKind, string>>> = { dine_in: 'table', pickup: 'pick-up' };

/**
 * What the shopper's order page will offer an order on a closed day (the server's reschedule options read the same
 * rules): moving the closed day's delivery (partMoveRefusal; a visit has no date to move to) and canceling the whole
 * order (orderCancelRefusal; with why not, when another seller's part holds it).
 */
export interface ClosedDayOffer {
  move: boolean;
  /** Why the whole order cannot be canceled now, or undefined when it can. */
  cancelRefusal: string | undefined;
  /** The mail's last line: where the shopper follows the order (a guest's order page, or the account). */
  follow: string;
  /** A guest has no account: the order's page is where they change it. */
  guest: boolean;
}

/**
 * The mail to a shopper whose day the seller (or the store) closed (QA walk 6): it offers what the order page then
 * offers (`offer`, read by the same rules), never a cancel the page will refuse (087 left: a two-seller order), and
 * ends with the link to follow the order as every status mail does (walk 8 #8). The day's closing lifts the change
 * cutoff (changeCutoff), so a delivery may be moved to another open date whatever the cutoff says.
 */
export function dayClosedMail(
  to: string,
  orderNumber: string,
  sellerName: string,
  date: string,
  kind: FulfilmentKind,
  offer: ClosedDayOffer,
): { to: string; subject: string; text: string } {
  const day = formatUsDate(date);
  const noCutoff = 'The usual cutoff does not apply: the seller closed the day, not you.';
  const where = offer.guest ? "on your order's page" : 'in your account, under Your Orders';
  const cancel = offer.cancelRefusal === undefined;
  const visit = visitNouns[kind];
  if (visit !== undefined) {
    return {
      to,
      subject: `Your order #${orderNumber}: ${sellerName} is closed on the day of your ${visit}`,
      text: [
        `${sellerName} is closed on ${day}, the day of your ${visit} (order #${orderNumber}).`,
        cancel
          ? `You can cancel it ${where} (${orderChangeTitle('visit', true)}), and you will not pay for it. ${noCutoff}`
          : (offer.cancelRefusal ?? ''),
        `To come another day, please book a new ${visit}.`,
        offer.follow,
      ].join('\n\n'),
    };
  }
  const title = orderChangeTitle('delivery', cancel);
  const choose = offer.move ? [`Please choose another date for it ${where} (${title}). ${noCutoff}`] : [];
  const orCancel = !cancel
    ? [offer.cancelRefusal ?? '']
    : offer.move
      ? ['If no other date suits you, you can cancel the order there, and you will not pay for it.']
      : [`You can cancel it ${where} (${title}), and you will not pay for it. ${noCutoff}`];
  return {
    to,
    subject: offer.move
      ? `Your order #${orderNumber}: please choose another delivery date`
      : `Your order #${orderNumber}: ${sellerName} is closed on the day of your delivery`,
    text: [`${sellerName} is closed on ${day}, the day your order #${orderNumber} was booked for.`, ...choose, ...orCancel, offer.follow].join(
      '\n\n',
    ),
  };
}

/**
 * A closed day's timeline step in the order's words: who closed it and what the shopper may do, a delivery moved to
 * another date, a visit canceled. Its own sentence: no '… by the seller' after it (walk 8 #9), the step names who.
 */
function dayClosedStepLabel(kind: FulfilmentKind, actor: string | undefined): string {
  const who = actor === 'staff' || actor === 'system' ? 'The store' : 'The seller';
  const visit = visitNouns[kind];
  return visit === undefined ? `${who} closed that day: please choose another date` : `${who} closed that day: you can cancel the ${visit}`;
}

/** Who took a timeline step, in the shopper's words (the person's identity stays theirs). */
export const timelineActorLabels: Readonly<Record<string, string>> = {
  shopper: 'by you',
  seller: 'by the seller',
  staff: 'by the store',
  system: 'by the store',
};

/** The same in the consoles, where 'you' would be the seller or staff reading it: the shopper is named as such. */
export const consoleActorLabels: Readonly<Record<string, string>> = {
  ...timelineActorLabels,
  shopper: 'by the shopper',
};

/** One order_events row as a timeline step (the contract's TimelineStep): a reschedule is its own step, 'rescheduled'. */
export function timelineStepOf(
  e: { event: string; to_state: string; actor_role: string; reason: string | null; created_at: Date },
  seller?: string,
): {
  state: string;
  at: string;
  actor: string;
  reason: string | null;
  seller?: string;
} {
  const step = {
    state: e.event === rescheduleEvent ? rescheduledStep : e.event === dayClosedEvent ? dayClosedStep : e.to_state,
    at: e.created_at.toISOString(),
    actor: e.actor_role,
    reason: e.reason,
  };
  return seller === undefined ? step : { ...step, seller };
}

/**
 * The step every order's timeline starts with, the shopper's page's and each console card's: the shopper placed it at
 * its time (no order_events row records it). A card of a part refused at once read 'History (1 step)' without it
 * (walk 9 S17), as if nothing came before the refusal.
 */
export function placedTimelineStep(placedAt: Date): ReturnType<typeof timelineStepOf> {
  return { state: 'placed', at: placedAt.toISOString(), actor: 'shopper', reason: null };
}

/** One order_events row as the shopper's timeline shows it: timelineStepOf, with a reason only where it is theirs (reasonIsShoppers). */
export function shopperTimelineStepOf(
  e: { event: string; to_state: string; actor_role: string; reason: string | null; created_at: Date },
  seller?: string,
): ReturnType<typeof timelineStepOf> {
  return timelineStepOf({ ...e, reason: reasonIsShoppers(e.event) ? e.reason : null }, seller);
}

/** The moves among an order's events (a reschedule is not one): what 'stuck' counts from. */
export function isMoveEvent(e: { event: string }): boolean {
  return e.event !== rescheduleEvent && e.event !== dayClosedEvent;
}

/** The states whose label names the seller as the one who took them, and their label when someone else did. */
const stepsNamingTheSeller: Readonly<Record<string, string>> = { accepted: 'Accepted', refused: 'Refused' };

/**
 * A timeline step's name: a state's label, 'Delivery moved' for a reschedule, else the step as given. Staff may accept
 * or refuse for a seller: that step is then 'Accepted' or 'Refused', its actor saying who ('by the store').
 */
export function timelineStepLabel(
  step: { state: string; actor?: string; seller?: string | null | undefined },
  kind: FulfilmentKind = 'delivery',
): string {
  // One of several sellers' deliveries moved alone: the step names whose (QA walk 3 item 5).
  if (step.state === rescheduledStep) return step.seller ? `Delivery moved (${step.seller})` : 'Delivery moved';
  if (step.state === dayClosedStep) return dayClosedStepLabel(kind, step.actor);
  const renamed = stepsNamingTheSeller[step.state];
  const seller = step.seller ?? undefined;
  // A seller's part staff refused credits the store, in the words the page's note and the mail use (refusedPartWho).
  if (step.state === 'refused' && seller !== undefined && isStoreStep(step)) return refusedPartWho('staff', seller);
  // A step one seller took on their part of the order names them: 'Accepted by Hudson Street Butchers', 'Packed (Fulton Fish Co.)'.
  if (renamed !== undefined && seller !== undefined) return step.actor === 'seller' ? `${renamed} by ${seller}` : `${renamed} for ${seller}`;
  if (renamed !== undefined && step.actor !== undefined && step.actor !== 'seller') return renamed;
  const label = isFulfilmentState(step.state) ? fulfilmentStateLabel(step.state, kind) : step.state;
  return seller === undefined ? label : `${label} (${seller})`;
}

/**
 * Who took a timeline step, in the reader's words, or undefined when the step's name already says it: 'Accepted by
 * the seller' (or 'by Hudson Street Butchers') is not followed by 'by the seller' again.
 */
export function timelineStepActor(
  step: { state: string; actor: string; seller?: string | null | undefined },
  labels: Readonly<Record<string, string>>,
): string | undefined {
  if (step.actor === 'seller' && stepsNamingTheSeller[step.state] !== undefined) return undefined;
  // A closed day's step names who closed it ('The seller closed that day: …'): its sentence ends with what to do.
  if (step.state === dayClosedStep) return undefined;
  if (step.state === 'refused' && step.seller != null && isStoreStep(step)) return undefined;
  // A pick-up's 'Picked up' is the shopper collecting it, whoever pressed the button (QA walk 6: 'Picked up by the seller').
  if (step.state === shopperTakesStep) return labels.shopper;
  return labels[step.actor];
}

/** The step the shopper takes, though the restaurant records it: collecting a pick-up at the counter. */
const shopperTakesStep: FulfilmentState = 'picked_up';

/** A step the store's staff (or the store itself) took for a seller. */
function isStoreStep(step: { actor?: string | undefined }): boolean {
  return step.actor === 'staff' || step.actor === 'system';
}

/** A placed order's payment word before any seller moves it (the server's statusLabel of 'processing'). */
const placedStatus = 'processing';

/**
 * The order's headline status (its row in /setting/order, its status page, each line's STATUS): the store's word for
 * its payment ('processing'; 'processing · pay on delivery' when paid at the door) until a seller moves it, then the step it is at ('Packed', 'Ready for
 * pick-up', 'Out for delivery'), named as its timeline names it; an order still to be paid at the door says so after
 * the step ('Packed · pay on delivery'). A finished order says how it ended, in its mode's and its reason's words:
 * 'Delivered', 'Picked up', 'Served'; 'Refused by the seller' (or 'Refused by the store' when staff refused for them) against
 * 'Canceled' by the shopper or staff. An order ended before any seller saw it (a payment never made or confirmed)
 * keeps its payment word ('canceled').
 */
export function orderHeadline(order: {
  status: string;
  fulfilment_state?: string | undefined;
  timeline?: readonly { state: string; actor: string; seller?: string | undefined }[] | undefined;
  /** The checkout's speed id: a dine-in order's steps are named in its own words (fulfilmentStateLabel). */
  speed_id?: number | undefined;
}): string {
  const state = order.fulfilment_state;
  // Paying at the door is how the order is paid, not where it is: until a seller moves it, it reads as a card order
  // does ('processing'), the payment note after it.
  const unpaid = isPayOnDeliveryStatus(order.status);
  if (state === undefined || state === 'placed' || !isFulfilmentState(state)) return unpaid ? `${placedStatus} · ${order.status}` : order.status;
  // Every part of an order ends together or is finished: only a refusal says whose (the seller's, or staff's for them).
  const kind = fulfilmentKindOfSpeedId(order.speed_id);
  if (finalFulfilmentStates.includes(state) && state !== 'refused') return fulfilmentStateLabel(state, kind);
  const steps = order.timeline?.filter((s) => s.state === state) ?? [];
  const step = steps.at(-1);
  // A refusal says who refused, in the words every place uses (refusedLabel): 'Refused by the store' when staff refused
  // for the seller, a seller's part's line included (QA: it read 'Refused for Green Pastures Farm').
  if (state === 'refused') return refusedLabel(refusedByOf(order.timeline, step?.seller ?? undefined) ?? 'seller', step?.seller ?? undefined);
  // A step one seller took names them ('Packed (Fulton Fish Co.)'); once several sellers' parts took it, the order is
  // at that step as a whole and names none (QA walk 9 #1: 'Packed (Fulton Fish Co.)' with both parts packed).
  const sellers = new Set(steps.map((s) => s.seller).filter((seller) => seller !== undefined));
  const named = step !== undefined && sellers.size > 1 ? { state: step.state, actor: step.actor } : step;
  const label = timelineStepLabel(named === undefined ? { state } : named, kind);
  const open = order.status === placedStatus || unpaid;
  if (!open) return order.status;
  return order.status === placedStatus ? label : `${label} · ${order.status}`;
}

/**
 * One line's STATUS on a shopper's order: the headline of its own seller's part (order_deliverables.fulfilment_state),
 * named from that part's steps and the whole order's, never another seller's (QA: the ribeye line read 'Being picked
 * (Fulton Fish Co.)' while its butcher had only accepted). A line with no part state reads as the order.
 */
export function lineHeadline(
  order: {
    status: string;
    fulfilment_state?: string | undefined;
    timeline?: readonly { state: string; actor: string; seller?: string | undefined }[] | undefined;
    speed_id?: number | undefined;
  },
  line: { fulfilment_state?: string | undefined; vendor_name: string },
): string {
  const timeline = order.timeline?.filter((s) => s.seller === undefined || s.seller === line.vendor_name);
  return orderHeadline({
    status: order.status,
    fulfilment_state: line.fulfilment_state ?? order.fulfilment_state,
    timeline,
    speed_id: order.speed_id,
  });
}

/**
 * Who refused a part (or the order), read from its timeline: the last 'refused' step naming that seller, or naming
 * none (an order of one seller). Staff may refuse for a seller: the words then credit the store, not the seller (QA
 * walk 3: 'Green Pastures Farm refused their part' after staff refused it). Undefined when the timeline has no such step.
 */
export function refusedByOf(
  timeline: readonly { state: string; actor: string; seller?: string | null | undefined }[] | undefined,
  vendorName: string | undefined,
): FulfilmentActor | undefined {
  return stepTakenBy(timeline, 'refused', vendorName);
}

/**
 * Whether a seller's part (or the order) ended because every line in it was out of stock (its refusal's reason is
 * allOutReason, the server's own): its lines were marked out one by one, not refused with the part (walk 8 #6).
 */
export function refusedAllOut(
  timeline: readonly { state: string; seller?: string | null | undefined; reason?: string | null | undefined }[] | undefined,
  vendorName: string | undefined,
): boolean {
  return timeline?.filter((s) => s.state === 'refused' && (s.seller == null || s.seller === vendorName)).at(-1)?.reason === allOutReason;
}

/**
 * Who took a seller's part (or the order) into a state, read from its timeline's last such step: the store or the
 * seller. A refusal the shopper's step took is their answer to the part's last substitute (substitution-moves.ts): the
 * part ended by the store's rule, as when its last line is marked out, not by its seller.
 */
function stepTakenBy(
  timeline: readonly { state: string; actor: string; seller?: string | null | undefined }[] | undefined,
  state: FulfilmentState,
  vendorName: string | undefined,
): FulfilmentActor | undefined {
  const step = timeline?.filter((s) => s.state === state && (s.seller == null || s.seller === vendorName)).at(-1);
  if (step === undefined) return undefined;
  return isStoreStep(step) || step.actor === 'shopper' ? 'staff' : 'seller';
}

/**
 * A refusal's status in every place that names who refused (a headline, a seller's part's line, a console badge, a
 * move's mail): the store when its staff refused for a seller ('Refused by the store', as the mail's 'The store refused
 * Green Pastures Farm's part'), else the seller, by name where the part has one ('Refused by Fulton Fish Co.').
 */
export function refusedLabel(by: FulfilmentActor, seller?: string): string {
  if (by !== 'seller') return `Refused ${timelineActorLabels[by] ?? 'by the store'}`;
  return seller === undefined ? fulfilmentStateLabels.refused : `Refused by ${seller}`;
}

/** Who refused a seller's part, in a sentence ('Fulton Fish Co. refused their part', 'The store refused Fulton Fish Co.'s part'). */
export function refusedPartWho(by: FulfilmentActor, seller: string): string {
  return by === 'seller' ? `${seller} refused their part` : `The store refused ${possessive(seller)} part`;
}

/**
 * A console card's badge: the state's label, but a step naming the seller names who took it ('Refused by the store',
 * 'Accepted by the store' when staff did, as the history and the shopper's mail say: moveStepLabel). Until the list
 * is read again after the card's own move, the move is the console user's own.
 */
export function consoleStateLabel(
  state: FulfilmentState,
  listed: {
    state: string;
    vendor_name: string;
    timeline: readonly { state: string; actor: string; seller?: string | null | undefined }[];
    kind?: FulfilmentKind | undefined;
  },
  role: FulfilmentActor,
): string {
  const by = listed.state === state ? (stepTakenBy(listed.timeline, state, listed.vendor_name) ?? 'seller') : role;
  return moveStepLabel(state, by, listed.kind);
}

/** The console's button for each event. */
export const fulfilmentEventLabels: Readonly<Record<FulfilmentEvent, string>> = {
  accept: 'Accept',
  refuse: 'Refuse',
  pick: 'Start picking',
  pack: 'Packed',
  dispatch: 'Hand to driver',
  ready: 'Ready for pick-up',
  serve: 'Served',
  deliver: 'Delivered',
  hand_over: 'Picked up',
  cancel: 'Cancel order',
};

/**
 * A move's step in the shopper's mail: the state's label, except that a step naming the seller ('Accepted by the
 * seller') taken by the store's staff for the seller is called the store's ('Accepted by the store').
 */
export function moveStepLabel(to: FulfilmentState, actor: FulfilmentActor, kind: FulfilmentKind = 'delivery'): string {
  if (to === 'refused') return refusedLabel(actor);
  const renamed = stepsNamingTheSeller[to];
  if (renamed === undefined || actor === 'seller') return fulfilmentStateLabel(to, kind);
  return `${renamed} ${timelineActorLabels[actor] ?? 'by the store'}`;
}

/** The mail's subject the shopper gets on each move (the outbox mail adapter sends it), named for who moved it. */
export function fulfilmentMailSubject(
  orderNumber: string,
  to: FulfilmentState,
  actor: FulfilmentActor = 'seller',
  kind: FulfilmentKind = 'delivery',
): string {
  return `Your order #${orderNumber}: ${moveStepLabel(to, actor, kind).toLowerCase()}`;
}

/** The mail's line when an order ends while its card was only held: nothing was taken, so there is no refund to wait for. */
export const heldCardReleasedText = 'The hold on your card has been released: you have not been charged.';

/** A move the consoles must give a reason for: any staff move, and a seller's refusal (the shopper is told why). */
export function needsReason(event: FulfilmentEvent, actor: FulfilmentActor): boolean {
  return actor === 'staff' || event === 'refuse';
}

/**
 * A move that takes a reason at all: one that needs it (needsReason), and a refusal or cancel by anyone (the shopper
 * is told why it ended). Any other move takes none: a reason typed for a refusal and then Accept pressed is not sent
 * with the Accept (QA walk 3: it showed under Accepted, Being picked and Packed), and the server refuses one.
 */
export function takesReason(event: FulfilmentEvent, actor: FulfilmentActor): boolean {
  return needsReason(event, actor) || endingEvents.includes(event);
}

/**
 * Whether a timeline step's reason is the shopper's to read: a refusal's or a cancel's (they are told why it ended),
 * and the store's own words on a reschedule or a closed day. A staff member's reason for a routine move (Accept, Hand
 * to driver…) is a note for the store: the consoles' history shows it, the shopper's timeline and mail never do.
 */
export function reasonIsShoppers(event: string): boolean {
  return !isMoveEvent({ event }) || (endingEvents as readonly string[]).includes(event);
}

/** What the consoles' Reason field says it is for: the staff's is also their note on a routine move. */
export function reasonFieldHint(actor: FulfilmentActor): string {
  return actor === 'staff'
    ? "A refusal's or cancel's reason is told to the shopper; on any other move it is a note for the store only."
    : "A refusal's reason is told to the shopper.";
}

export const fulfilmentMessages = {
  notAllowed: 'This order cannot be moved that way now.',
  reasonRequired: 'Please give a reason.',
  reasonNotTaken: 'This move takes no reason: only a refusal or a cancel does. Please leave the reason empty.',
  weightRequired: 'Please weigh every line sold by weight.',
  pastCutoff: 'This order can no longer be changed: the seller is already preparing it.',
  // Plain words for the cutoff itself (issue 24 item 6): the shopper sees why, not just "no".
  pastCutoffTime: "This order can no longer be changed: the seller's cutoff (3 pm Eastern the day before delivery) has passed.",
  notDelivered: 'This order has no delivery to move.',
  // A pick-up or a table has no delivery, and is only canceled (visitCancelText's 'until 3 pm Eastern the day before').
  pastVisitCutoff: 'This order can no longer be canceled: its cutoff (3 pm Eastern the day before) has passed.',
  // A part on a closed day may move, but another seller's delivery past its cutoff holds the whole order's cancel.
  cancelPastCutoff: (date: string) =>
    `This order can no longer be canceled: the cutoff for its delivery on ${formatUsDate(date)} (3 pm Eastern the day before) has passed. A delivery on a day its seller closed can still be moved.`,
  cancelBeingPrepared:
    'This order can no longer be canceled: a seller is already preparing their part. A delivery on a day its seller closed can still be moved.',
  canceled: 'Your order was canceled.',
  /** A part whose every line was marked out (or whose substitutes were refused): nothing left to hand over (QA walk 7 #2). */
  nothingLeft:
    'Every line of this part is out of stock, so there is nothing left to hand over: it ends refused, its payment given back or its card hold released.',
} as const;

/**
 * A seller's part with no line left to hand over (every line marked out) ends, as a refusal of that part: QA walk 7
 * #2 saw such a Dine-In order reach Table ready and Served at $0.00, its card read 'Paid'. It ends by the mark-out of
 * its last line (server/services/fulfilment/substitutions.ts), not by a button: the seller already said, line by line,
 * that nothing can be handed over. The refusal is the existing one (a lone part ends the order, its hold released or
 * its payment refunded; one part of several ends alone, decision 081), with this reason for the shopper.
 */
export const allOutReason = 'Every item in it was out of stock.';

/** The move that ends a part left with nothing (allOutReason): a refusal, from picking, where lines are marked out. */
export function allOutTransition(from: FulfilmentState): FulfilmentTransition | undefined {
  return from === 'picking' ? { from, event: 'refuse', to: 'refused', actors: sellers } : undefined;
}

/** The moves that hand goods over (or get them ready to): refused for a part with no line left (nothingLeft). */
export const handingOverEvents: readonly FulfilmentEvent[] = ['pack', 'dispatch', 'ready', 'serve', 'deliver', 'hand_over'];

/** A line still to hand over: not marked out, its substitute not refused (those are not charged: catch-weight.ts). */
export function isLineLeft(line: { substitution_state: string | null }): boolean {
  return line.substitution_state !== 'out' && line.substitution_state !== 'refused';
}

/**
 * A part's booked day and time (a dine-in table, a pick-up, a delivery) and its location's date and clock now (by its
 * own zone: local-day.ts). A table is made ready on its day and served from its time: a restaurant marked one Table
 * ready (and charged the card) the day before, and Served hours early (QA walks 3 and 6), filling the wallet before
 * the meal; a delivery is delivered on its day (decision 087 left: marked Delivered days ahead).
 */
export interface TableDay {
  date: string | null;
  today: string;
  /** The visit's time ('HH:MM' by the restaurant's clock), null when none was chosen. */
  time?: string | null | undefined;
  /** The restaurant's minutes since midnight now: Served waits for the table's time. */
  minutes?: number | undefined;
  /** Its seller (or the store) closed that day: nothing prepares the part for it (closedDayRefusal). */
  closed?: boolean | undefined;
}

/**
 * How long before a table's time it may be marked Served: one step of the times a shopper books (dine-in.ts), so a
 * party seated at 6:30 PM for its 7:00 PM table can be served. The spec names no margin; this is ours.
 */
export const servedBeforeTableMinutes = visitTimeStepMinutes;

/** A console card's visit day: a dine-in or pick-up part listed with the restaurant's date and clock (the contract's table_*). */
export function consoleTableDay(order: {
  delivery_date: string | null;
  table_today?: string | undefined;
  table_time?: string | null | undefined;
  table_minutes?: number | undefined;
  day_closed?: boolean | undefined;
}): TableDay | undefined {
  if (order.table_today === undefined) return undefined;
  const day = { date: order.delivery_date, today: order.table_today, time: order.table_time ?? null, minutes: order.table_minutes };
  return order.day_closed === true ? { ...day, closed: true } : day;
}

/** The moves that wait for the part's day: a table made ready and served, a pick-up collected, a delivery delivered. */
const visitDayMoves: Readonly<Record<FulfilmentKind, readonly FulfilmentEvent[]>> = {
  dine_in: ['pack', 'serve'],
  pickup: ['hand_over'],
  delivery: ['deliver'],
};

/** What a part is called where its day's words name it. */
const partNouns: Readonly<Record<FulfilmentKind, string>> = { dine_in: 'This table', pickup: 'This pick-up', delivery: 'This delivery' };

function hhmmOf(minutes: number): string {
  const m = Math.max(0, minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Why a move must wait for its part's day: Table ready (which charges the card), Picked up and Delivered before the
 * booked day (by the location's own date), Served before the table's time (less servedBeforeTableMinutes), else
 * undefined. One rule for the server's check (a 400 naming `event`) and the consoles' buttons (order-parts.ts
 * partEventsFor), so neither offers it.
 */
export function tableDayRefusal(event: FulfilmentEvent, kind: FulfilmentKind, day: TableDay | undefined): string | undefined {
  if (!visitDayMoves[kind].includes(event) || day === undefined || day.date === null) return undefined;
  const at = day.time && kind !== 'delivery' ? ` at ${timeLabel(day.time)}` : '';
  const booked = `${partNouns[kind]} is booked for ${formatUsDate(day.date)}${at}`;
  const move = fulfilmentEventLabel(event, kind);
  if (day.today < day.date) return `${booked}: the order can be marked ${move} on that day, not before.`;
  if (event !== 'serve' || day.today > day.date || !day.time || day.minutes === undefined) return undefined;
  const from = minutesOf(day.time) - servedBeforeTableMinutes;
  return day.minutes >= from ? undefined : `${booked}: the order can be marked ${move} from ${timeLabel(hhmmOf(from))}, not before.`;
}

/**
 * The moves that complete a part already out of the shop's preparing: its driver's Delivered, the counter's Picked
 * up, the table's Served. A day closed once a part got there does not hold them (088 left: a delivery out on the road
 * when its day closed could only wait for the day to reopen): closing a day stops preparing for it, and what is on the
 * van, at the counter or on the table is handed over all the same, as a shop expects; its shopper has it, or will.
 */
export const completingEvents: readonly FulfilmentEvent[] = ['deliver', 'hand_over', 'serve'];

/**
 * Why a move may not prepare a part for a day its seller (or the store) closed, or undefined: every move but those
 * that end it (refuse, cancel) or complete it (completingEvents) waits until the part is moved to another day, the day
 * reopened, or it ends (walk 8 #4: staff accepted a pick-up on a closed day, and the shopper was mailed 'closed' then
 * 'accepted'). A visit has no day to move to (dayClosedMail): it is canceled or the day reopened. One rule for the
 * server's check (a 409) and the consoles' buttons (order-parts.ts partEventsFor).
 */
export function closedDayRefusal(event: FulfilmentEvent, kind: FulfilmentKind, day: TableDay | undefined): string | undefined {
  if (day?.closed !== true || day.date === null || endingEvents.includes(event) || completingEvents.includes(event)) return undefined;
  const then = kind === 'delivery' ? 'Move it to another day (the shopper can, from the order page) or cancel it' : 'Cancel it';
  return `${partNouns[kind]} is booked for ${formatUsDate(day.date)}, a day its seller closed: it cannot be prepared for that day. ${then}, or reopen the day.`;
}

/**
 * A console card's flag for a part on a closed day, saying what is left to do; undefined on an open day. A part whose
 * next move completes it (out for delivery, ready for pick-up, its table ready) is still completed (completingEvents).
 */
export function closedDayNote(kind: FulfilmentKind, day: TableDay | undefined, state?: FulfilmentState): string | undefined {
  if (day?.closed !== true || day.date === null) return undefined;
  const completing =
    state && fulfilmentTransitions.find((t) => t.from === state && completingEvents.includes(t.event) && (t.kinds ?? [kind]).includes(kind));
  if (completing) return `Closed on ${formatUsDate(day.date)}: it can still be marked ${fulfilmentEventLabel(completing.event, kind)}`;
  return `Closed on ${formatUsDate(day.date)}: ${kind === 'delivery' ? 'move or cancel' : 'cancel'}`;
}

/** Why a move may not be made on this part's day now: its day closed (closedDayRefusal), or not come yet (tableDayRefusal). */
export function partDayRefusal(event: FulfilmentEvent, kind: FulfilmentKind, day: TableDay | undefined): string | undefined {
  return closedDayRefusal(event, kind, day) ?? tableDayRefusal(event, kind, day);
}

/**
 * The shopper may cancel (or reschedule) while no one has started picking and before the cutoff: 3 pm in New York
 * the day before the delivery date (the FAQ: "orders changed before 3pm EST"). An order with no date has only the
 * state rule, and so has one on a day its seller closed (`dayClosed`: changeCutoff).
 */
export function shopperMayChange(state: FulfilmentState, deliveryDate: string | null, now: Date, dayClosed = false): boolean {
  return shopperChangeRefusal(state, deliveryDate, now, dayClosed) === undefined;
}

/**
 * Why the shopper may no longer cancel or reschedule (the seller is preparing it, or the cutoff passed), or undefined.
 * `dayClosed`: the seller (or the store) closed the day it is booked on, so no cutoff holds (QA walk 6: a day closed
 * after its cutoff stranded its orders). One rule for the server's reschedule and cancel and the order page's panel.
 */
export function shopperChangeRefusal(state: FulfilmentState, deliveryDate: string | null, now: Date, dayClosed = false): string | undefined {
  if (state !== 'placed' && state !== 'accepted') return fulfilmentMessages.pastCutoff;
  if (deliveryDate === null || dayClosed) return undefined;
  const dayBefore = addDays(deliveryDate, -1);
  const today = storeToday(now);
  if (today < dayBefore) return undefined;
  return today === dayBefore && !isPastCutoff(now) ? undefined : fulfilmentMessages.pastCutoffTime;
}

/** A part still going as the change cutoff reads it: its date, and whether its seller (or the store) closed that day. */
export interface CutoffPart {
  delivery_date: string | null;
  day_closed: boolean;
  /** The part's own step (its seller's): a closed day's part moves by it alone (partMoveRefusal). */
  state?: FulfilmentState | undefined;
}

/**
 * The date the shopper's change cutoff counts from: the earliest date still going whose day is open. A part booked on
 * a day its seller closed holds nothing back (the store closed the day, not the shopper); when every dated part is on
 * a closed day, `dayClosed` says no cutoff holds at all.
 */
export function changeCutoff(parts: readonly CutoffPart[]): { date: string | null; dayClosed: boolean } {
  const dated = parts.filter((p) => p.delivery_date !== null);
  const open = dated
    .filter((p) => !p.day_closed)
    .map((p) => p.delivery_date)
    .filter((d): d is string => d !== null)
    .sort();
  return { date: open[0] ?? null, dayClosed: dated.length > 0 && open.length === 0 };
}

/**
 * How an order's payment stands for the shopper's cancel: placed (paid, or to be paid at the hand-over); a bank debit
 * still on its way ('debit-pending': the order waits unseen by its sellers, and a shopper who changed their mind may
 * cancel it as any other: the debit is stopped, or refunded once it clears, decision 087 left); or neither (waiting
 * for its charge or its email's confirmation, failed, ended): there is nothing to cancel.
 */
export type CancelStanding = 'placed' | 'debit-pending' | 'not-placed';

export function cancelStandingOf(order: { status: string; payment_mode: number; payment_ref: string | null }): CancelStanding {
  if (order.status === 'processing' || order.status === 'pending_payment_on_delivery') return 'placed';
  const debitOnItsWay = order.status === 'pending_payment' && order.payment_mode === bankPaymentMode && order.payment_ref !== null;
  return debitOnItsWay ? 'debit-pending' : 'not-placed';
}

/**
 * Why the shopper may not cancel the whole order now, or undefined: an order placed, or whose bank debit is on its way
 * (cancelStandingOf), until the cutoff of every part still going on an open day (changeCutoff). One rule for the
 * server's cancel, the order's `can_cancel` and the change panel's Cancel order (the reschedule options'
 * `cancel_refusal`). A part on a day its seller closed may move whatever its cutoff, but it lifts no other seller's:
 * when another part is past its cutoff the order cannot be canceled, and the words say which delivery holds it while
 * the closed day's part may still move (QA walk 6: Cancel shown, then refused).
 */
export function orderCancelRefusal(state: FulfilmentState, parts: readonly CutoffPart[], now: Date, payment: CancelStanding): string | undefined {
  if (payment === 'not-placed') return fulfilmentMessages.notAllowed;
  const cutoff = changeCutoff(parts);
  const refusal = shopperChangeRefusal(state, cutoff.date, now, cutoff.dayClosed);
  if (refusal === undefined || !parts.some(isMovableClosedPart)) return refusal;
  return refusal === fulfilmentMessages.pastCutoffTime && cutoff.date !== null
    ? fulfilmentMessages.cancelPastCutoff(cutoff.date)
    : fulfilmentMessages.cancelBeingPrepared;
}

/** A part on a day its seller closed that its own seller has not started preparing: it may move whatever the rest. */
function isMovableClosedPart(part: CutoffPart): boolean {
  return part.day_closed && (part.state === undefined || part.state === 'placed' || part.state === 'accepted');
}

/**
 * Why the shopper may not move one part (`asked`) now, or undefined: the order's cutoff (the earliest part going on an
 * open day) and state. A part on a day its seller closed answers to nothing but its own state: the store closed the
 * day, not the shopper, and another seller preparing their part must not strand it there (086 left).
 */
export function partMoveRefusal(state: FulfilmentState, parts: readonly CutoffPart[], asked: CutoffPart, now: Date): string | undefined {
  if (asked.day_closed) return shopperChangeRefusal(asked.state ?? state, null, now, true);
  const cutoff = changeCutoff(parts);
  return shopperChangeRefusal(state, cutoff.date, now, cutoff.dayClosed);
}

/** When a deliverable is due: its date, and its slot (start and end; a visit has its time as start and no end). */
export interface DueAt {
  delivery_date: string | null;
  slot_start: string | null;
  slot_end: string | null;
}

/**
 * An order is late when it is not finished and, in New York time, the end of its slot has passed (a visit's time, for
 * a Dine-In or Pick-Up; the end of its day when it has neither): never merely because its day has begun (a 12:00 PM
 * visit was late at 00:01 after Accept). Stuck when it has sat in one non-final state for over `stuckHours`.
 */
export function isLate(state: FulfilmentState, due: DueAt, now: Date): boolean {
  const date = due.delivery_date;
  if (finalFulfilmentStates.includes(state) || date === null) return false;
  const today = storeToday(now);
  if (today !== date) return today > date;
  const end = due.slot_end ?? due.slot_start;
  return end !== null && storeMinutes(now) >= minutesOf(end);
}

export const stuckHours = 24;

export function isStuck(state: FulfilmentState, since: Date, now: Date): boolean {
  return !finalFulfilmentStates.includes(state) && now.getTime() - since.getTime() > stuckHours * 3_600_000;
}

/** One product to pick for a slot: the lines of every order of that date and slot added up. */
export interface PickLine {
  product_name: string;
  bottle_size: number;
  qty: number;
  /** Sold by weight: the pick list shows its size in pounds. */
  by_weight: boolean;
  /** What bottle_size counts ('750 ml' of wine, not '750 g'). */
  size_unit: SizeUnit;
}

export interface PickSlot {
  date: string | null;
  slot: string | null;
  orders: number;
  lines: PickLine[];
}

/**
 * The seller's pick list: per delivery date and slot (in the order given), each product and size once with the
 * quantity of every order still to pick (placed, accepted or picking), by name.
 */
export function pickList(
  orders: readonly {
    state: FulfilmentState;
    delivery_date: string | null;
    slot: string | null;
    items: readonly { product_name: string; bottle_size: number; qty: number; by_weight?: boolean; sold_by_weight?: boolean; size_unit?: SizeUnit }[];
  }[],
): PickSlot[] {
  const slots: PickSlot[] = [];
  for (const order of orders) {
    if (!['placed', 'accepted', 'picking'].includes(order.state)) continue;
    let slot = slots.find((s) => s.date === order.delivery_date && s.slot === order.slot);
    if (!slot) {
      slot = { date: order.delivery_date, slot: order.slot, orders: 0, lines: [] };
      slots.push(slot);
    }
    slot.orders += 1;
    for (const item of order.items) {
      const line = slot.lines.find((l) => l.product_name === item.product_name && l.bottle_size === item.bottle_size);
      if (line) line.qty += item.qty;
      else
        slot.lines.push({
          product_name: item.product_name,
          bottle_size: item.bottle_size,
          qty: item.qty,
          // Named by the product (a line with a proposed substitute still reads in pounds), in its own unit.
          by_weight: (item.sold_by_weight ?? item.by_weight) === true,
          size_unit: item.size_unit ?? 'g',
        });
    }
  }
  for (const slot of slots) slot.lines.sort((a, b) => a.product_name.localeCompare(b.product_name) || a.bottle_size - b.bottle_size);
  return slots;
}

/**
 * A pick line in words: a weighed product of several pieces as its whole ('3 × Ribeye Steak (about 3.0 lb for 3
 * pieces)', as the cart's 'about 3.0 lb' and the order's card say it: 088 left, it read '(1.0 lb)', one piece's size);
 * any other line by its size per unit ('2 × Sancerre (750 ml)').
 */
export function pickLineWords(line: PickLine): string {
  const size = line.bottle_size > 0 ? ` (${lineSizeLabel(line.bottle_size, line.by_weight, line.size_unit, line.qty)})` : '';
  return `${line.qty} × ${line.product_name}${size}`;
}

/**
 * The days a seller's console lists by default: today and the next two. Two, not one, so that on the eve of a closed
 * day (a Saturday before a shop's closed Sunday) the orders of the next open day are already there to prepare for.
 */
export function sellerConsoleDates(today: string): string[] {
  return [today, addDays(today, 1), addDays(today, 2)];
}

/** The seller console's day buttons: each counts from every location's own today (sellerListDates). */
export const sellerDays = ['today', 'tomorrow', 'day_after'] as const;
export type SellerListDay = (typeof sellerDays)[number];
const sellerDayNames: Readonly<Record<SellerListDay, string>> = { today: 'Today', tomorrow: 'Tomorrow', day_after: 'The day after' };

/**
 * The dates one location lists from its own today: the default three (sellerConsoleDates), or the one day chosen
 * (Today, Tomorrow, The day after) counted from that location's today, not from another's (decision 086 left: a seller
 * with locations in two zones had one Today, the earliest, for both). The server's list filters by it location by
 * location.
 */
export function sellerListDates(today: string, day?: SellerListDay): string[] {
  return day === undefined ? sellerConsoleDates(today) : [addDays(today, sellerDays.indexOf(day))];
}

/**
 * The console's day buttons: 'Today (12/01/2026)' when every location is on the same date; with locations on
 * different dates (zones either side of midnight) each button is that day at each location, so it names no one date.
 */
export function sellerDayChoices(days: readonly LocationDay[] | undefined, now: Date): { day: SellerListDay; label: string }[] {
  const todays = [...new Set((days ?? []).map((d) => d.today))];
  const today = todays.length === 0 ? storeToday(now) : todays.length === 1 ? todays[0] : undefined;
  return sellerDays.map((day) => ({
    day,
    label:
      today === undefined
        ? `${sellerDayNames[day]} (each location's own)`
        : `${sellerDayNames[day]} (${formatUsDate(sellerListDates(today, day)[0] ?? today)})`,
  }));
}

/** A seller location's own date now (src/rules/local-day.ts, read by the server with its clock: /api/console/me). */
export interface LocationDay {
  loc_id: number;
  today: string;
}

/**
 * The seller console's today: its location's own day (`locId`), or the earliest of its locations' days when it has
 * several in different zones (none of today's orders falls before the Today button); the store's day when the server
 * sent none. The console's Today / Tomorrow / The day after and the day its 'Your day' opens on count from it.
 */
export function sellerToday(days: readonly LocationDay[] | undefined, now: Date, locId?: number): string {
  const own = (days ?? []).filter((day) => locId === undefined || day.loc_id === locId).map((day) => day.today);
  return own.sort()[0] ?? storeToday(now);
}

/** A seller location staff can filter the orders by, or open the day of: its id and its seller's name. */
export interface ConsoleSeller {
  loc_id: number;
  vendor_name: string;
}

/**
 * The staff console's seller choices: each location of the listed orders once, by name, and the one chosen even when
 * no order of it is listed (its filter emptied the list), so the choice never vanishes from under the staff's hand.
 */
export function consoleSellers(orders: readonly ConsoleSeller[], chosen?: ConsoleSeller): ConsoleSeller[] {
  const byLoc = new Map<number, ConsoleSeller>();
  for (const o of [...orders, ...(chosen ? [chosen] : [])])
    if (!byLoc.has(o.loc_id)) byLoc.set(o.loc_id, { loc_id: o.loc_id, vendor_name: o.vendor_name });
  return [...byLoc.values()].sort((a, b) => a.vendor_name.localeCompare(b.vendor_name) || a.loc_id - b.loc_id);
}

/** How a seller location reads in the staff console: its seller's name and its id (a seller may have several). */
export function consoleSellerLabel(seller: ConsoleSeller): string {
  return `${seller.vendor_name} (location ${seller.loc_id})`;
}
