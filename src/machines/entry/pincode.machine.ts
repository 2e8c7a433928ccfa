import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { MoveAreaBody, MoveAreaReply } from '../../api/contract/cart-area.contract.ts';
import type { ZipLookupReply } from '../../api/contract/location.contract.ts';
import { ApiError, type Sent } from '../../api/http.ts';
import { comingSoonMessage, pincodeChangedMessage, somethingWentWrongMessage } from '../../rules/messages.ts';
import { visitDroppedMessage, type EndingVisit } from '../../rules/area-change.ts';
import { normalizePincode, pincodeError } from '../../rules/pincode.ts';
import { visitChoiceKeys } from '../app/session-choices.ts';
import type { SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import {
  cartCheckOf,
  isCartGoneError,
  isEmptyCartReply,
  moveBody,
  moveCartActor,
  movedTotalOf,
  type CartCheck,
  type CartMoveAnswer,
} from '../shared/cart-move.ts';
import { zipSuggestionMachine } from './zip-suggestion.machine.ts';

export interface ServedArea {
  zipcode: string;
  state: string;
  city: string;
  loc_id: number;
}

export interface PincodeInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** Opened from the header's Change link: the shopper may close it and keep the current zip. */
  dismissible: boolean;
}

export interface PincodeContext extends PincodeInput {
  currentZip?: string | undefined;
  cartId?: string | undefined;
  customerId?: number | undefined;
  value: string;
  error?: string | undefined;
  area?: ServedArea | undefined;
  notServed?: { message: string; city?: string | undefined; state?: string | undefined } | undefined;
  /** What the new area does with the cart (issue 23): the lines that stay and those it cannot sell. */
  cartCheck?: CartCheck | undefined;
  /** The shopper's answer: remove the lines the new pincode cannot sell, or keep them for the old one. */
  answer: CartMoveAnswer;
  /** The cart moved to the new area: its item count (the header badge). */
  movedTotal?: number | undefined;
  /** The Dine-In or Pick-Up visit the new area drops (another city, other restaurants), said with 'Pin Code Changed'. */
  droppedVisit?: EndingVisit | undefined;
}

export type PincodeEvent =
  | { type: 'pincode.change'; value: string }
  | { type: 'pincode.submit' }
  | { type: 'pincode.cancel' }
  /** The shopper agreed to what the new area does with the cart. */
  | { type: 'pincode.confirm' }
  /** The shopper keeps the old pincode and the whole cart. */
  | { type: 'pincode.keep' }
  /** The shopper changes pincode and keeps the lines it cannot sell for the old one (back when they return to it). */
  | { type: 'pincode.keepOld' };

/**
 * 'Please enter your pincode to start shopping': validates the zip, asks the server whether it is served and, with a
 * cart, which of its lines the new area still sells; the shopper is told and agrees before anything leaves the cart
 * (or keeps the old zip and the whole cart: issue 23). Then it moves the cart, records the area in the session, says
 * 'Pin Code Changed' when it did change, and opens the store. The geo-IP suggestion (zipSuggestion) runs beside it and fills the field when taken.
 * The view provides the navigation (goToStore), the snackbar (notifyPincodeChanged) and closing (reportClosed).
 */
export const pincodeMachine = setup({
  types: {
    context: {} as PincodeContext,
    input: {} as PincodeInput,
    events: {} as PincodeEvent,
    output: {} as { area?: ServedArea | undefined; changed: boolean },
    children: {} as { zipSuggestion: 'zipSuggestion'; lookupZip: 'lookupZip'; checkCart: 'moveCart'; moveCart: 'moveCart' },
  },
  actors: {
    zipSuggestion: zipSuggestionMachine,
    // The calls load when first used: the pincode dialog is in the store's first load, its calls' structs need not be.
    lookupZip: fromPromise<ZipLookupReply, { zipcode: string }>(async ({ input }) =>
      (await import('../../api/location.api.ts')).getAddressByZipcode(input.zipcode),
    ),
    moveCart: moveCartActor,
  },
  guards: {
    isPincodeValid: ({ context }) => pincodeError(context.value) === undefined,
    isServed: (_, params: { reply: ZipLookupReply }) => servedArea(params.reply) !== undefined,
    isServedWithCart: ({ context }, params: { reply: ZipLookupReply }) =>
      servedArea(params.reply) !== undefined && context.cartId !== undefined && normalizePincode(context.value) !== context.currentZip,
    canDismiss: ({ context }) => context.dismissible && context.currentZip !== undefined,
    isPincodeChanged: ({ context }) => isChange(context),
    isEmptyCart: (_, params: { reply: MoveAreaReply }) => isEmptyCartReply(params.reply),
    isCartGone: (_, params: { error: unknown }) => isCartGoneError(params.error),
    hasLinesToKeep: ({ context }) => (context.cartCheck?.drop.length ?? 0) > 0,
  },
  actions: {
    assignValue: assign(({ event }) => (event.type === 'pincode.change' ? { value: event.value, error: undefined } : {})),
    assignValidationError: assign(({ context }) => ({ error: pincodeError(context.value) })),
    assignArea: assign((_, params: { reply: ZipLookupReply }) => ({ area: servedArea(params.reply) })),
    assignNotServed: assign((_, params: { reply: ZipLookupReply }) => {
      const reply = params.reply;
      const place = reply.data?.[0];
      return { notServed: { message: reply.message ?? comingSoonMessage, city: place?.city, state: place?.state } };
    }),
    assignRequestError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof ApiError ? params.error.message : somethingWentWrongMessage,
    })),
    clearNotServed: assign({ notServed: undefined }),
    assignCartCheck: assign((_, params: { reply: MoveAreaReply }) => ({ cartCheck: cartCheckOf(params.reply), answer: 'remove' as const })),
    answerKeepOld: assign({ answer: 'keepOld' as const }),
    assignMoved: assign((_, params: { reply: MoveAreaReply }) => ({ movedTotal: movedTotalOf(params.reply) })),
    // Kept the old zip: the field shows it again, nothing else changed.
    restoreZip: assign(({ context }) => ({ value: context.currentZip ?? '', area: undefined, cartCheck: undefined, error: undefined })),
    // Read before recordArea forgets it: a visit chosen for the old area's restaurant does not follow the shopper.
    assignDroppedVisit: assign(({ context }) => ({ droppedVisit: endingVisit(context) })),
    recordArea: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update' as const, values: areaValues(context, context.session.getSnapshot().context.location) }),
    ),
    // Provided by the view: the snackbar, the store page, and closing the dialog.
    notifyPincodeChanged: (_, _params: { message: string }) => undefined,
    goToStore: () => undefined,
    reportClosed: () => undefined,
  },
}).createMachine({
  id: 'pincode',
  description: 'The delivery pincode dialog: the shopper says where they shop, and the store opens for that area.',
  invoke: { id: 'zipSuggestion', src: 'zipSuggestion', input: ({ context }) => ({ session: context.session }) },
  context: ({ input }) => {
    const stored = input.session.getSnapshot().context;
    return {
      ...input,
      currentZip: stored.zipcode,
      cartId: stored.cart_id,
      customerId: stored.CustomerId,
      value: stored.zipcode ?? '',
      answer: 'remove' as const,
    };
  },
  initial: 'editing',
  output: ({ context }) => ({
    area: context.area,
    changed: isChange(context),
  }),
  on: {
    'pincode.cancel': { guard: 'canDismiss', target: '.cancelled', description: 'Only from the header, when a pincode is already chosen.' },
  },
  states: {
    editing: {
      description: 'The shopper types a pincode (or takes the suggested one).',
      on: {
        'pincode.change': { description: 'The shopper types in the pincode field.', actions: 'assignValue' },
        'pincode.submit': [
          { guard: 'isPincodeValid', target: 'lookingUp', description: 'A 5-digit pincode: we check whether we deliver there.' },
          { actions: 'assignValidationError', description: 'Not a 5-digit pincode: the field says why.' },
        ],
      },
    },
    lookingUp: {
      description: 'Checking whether we deliver to this pincode.',
      invoke: {
        id: 'lookupZip',
        src: 'lookupZip',
        input: ({ context }) => ({ zipcode: normalizePincode(context.value) }),
        onDone: [
          {
            guard: { type: 'isServedWithCart', params: ({ event }) => ({ reply: event.output }) },
            target: 'checkingCart',
            description: 'Served, and the shopper has a cart for the old pincode: which of its lines the new one still sells.',
            actions: { type: 'assignArea', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            guard: { type: 'isServed', params: ({ event }) => ({ reply: event.output }) },
            target: 'keepingArea',
            description: 'The pincode is served: the store opens on it.',
            actions: { type: 'assignArea', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            target: 'notServed',
            description: "Not served: the spec's message 'We are coming soon to this pincode. Please see a list of all pincodes we currently serve.'",
            actions: { type: 'assignNotServed', params: ({ event }) => ({ reply: event.output }) },
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'assignRequestError', params: ({ event }) => ({ error: event.error }) },
          description: 'The check failed (offline, server error): the field shows the reason.',
        },
      },
    },
    checkingCart: {
      description: 'Asking the server which lines of the cart the new pincode (and the delivery option kept) can still sell.',
      invoke: {
        id: 'checkCart',
        src: 'moveCart',
        input: ({ context }) => cartMoveBody(context, false),
        onDone: [
          {
            guard: { type: 'isEmptyCart', params: ({ event }) => ({ reply: event.output }) },
            target: 'movingCart',
            description: 'An empty cart: nothing to lose, it simply follows the shopper.',
          },
          {
            target: 'confirming',
            description: 'The cart holds something: the shopper is told what stays and what the new pincode cannot sell, and asked.',
            actions: { type: 'assignCartCheck', params: ({ event }) => ({ reply: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isCartGone', params: ({ event }) => ({ error: event.error }) },
            target: 'keepingArea',
            description: 'The server no longer has that cart (ordered, or not this shopper’s): nothing to lose, the id is forgotten.',
          },
          {
            target: 'editing',
            actions: { type: 'assignRequestError', params: ({ event }) => ({ error: event.error }) },
            description: 'The check failed (a zip the server refuses, offline): the field shows why; the cart is untouched.',
          },
        ],
      },
    },
    confirming: {
      description:
        'The dialog lists the lines that stay and those the new pincode cannot sell, and asks: change (those lines leave the cart) or keep the old pincode and the whole cart.',
      on: {
        'pincode.confirm': { target: 'movingCart', description: 'The shopper agreed: the cart moves to the new pincode.' },
        'pincode.keepOld': {
          guard: 'hasLinesToKeep',
          target: 'movingCart',
          actions: 'answerKeepOld',
          description: 'The cart moves to the new pincode; the lines it cannot sell are kept for the old one, back when the shopper returns there.',
        },
        'pincode.keep': [
          {
            guard: 'canDismiss',
            target: 'cancelled',
            description: 'Keep the old pincode (from the header): the dialog closes, the zip and the whole cart as they were.',
          },
          { target: 'editing', actions: 'restoreZip', description: 'Keep the old pincode: the field shows it again, the cart is whole.' },
        ],
      },
    },
    movingCart: {
      description: 'Moving the cart to the new pincode, without the lines the shopper agreed to let go (removed, or kept for the old pincode).',
      invoke: {
        id: 'moveCart',
        src: 'moveCart',
        input: ({ context }) => cartMoveBody(context, true),
        onDone: {
          target: 'keepingArea',
          description: 'Moved: the cart keeps its id and its new count.',
          actions: { type: 'assignMoved', params: ({ event }) => ({ reply: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isCartGone', params: ({ event }) => ({ error: event.error }) },
            target: 'keepingArea',
            description: 'The cart was gone already: the id is forgotten.',
          },
          {
            target: 'editing',
            actions: { type: 'assignRequestError', params: ({ event }) => ({ error: event.error }) },
            description: 'The move failed: nothing changed, the field says why and the shopper may try again.',
          },
        ],
      },
    },
    notServed: {
      description:
        "Not served: 'We are coming soon to this pincode. Please see a list of all pincodes we currently serve.', with the link to that list.",
      on: {
        'pincode.change': {
          description: 'The shopper types another pincode: the not-served message goes.',
          target: 'editing',
          actions: ['assignValue', 'clearNotServed'],
        },
      },
    },
    keepingArea: {
      description: "The area is kept for this shopper; 'Pin Code Changed' shows when it replaced another one.",
      entry: ['assignDroppedVisit', 'recordArea'],
      always: [
        {
          guard: 'isPincodeChanged',
          target: 'served',
          description:
            "The pincode replaced another one: 'Pin Code Changed' shows (with the Dine-In or Pick-Up visit it ends, if any) and the store opens.",
          actions: {
            type: 'notifyPincodeChanged',
            params: ({ context }) => ({
              message: context.droppedVisit
                ? `${pincodeChangedMessage}. ${visitDroppedMessage(context.droppedVisit, context.currentZip ?? '')}`
                : pincodeChangedMessage,
            }),
          },
        },
        { target: 'served', description: 'A first pincode, or the same one again: the store opens with no message.' },
      ],
    },
    served: { type: 'final', description: 'The store opens for the chosen area.', entry: ['goToStore', 'reportClosed'] },
    cancelled: { type: 'final', description: 'Closed from the header: the pincode stays as it was.', entry: 'reportClosed' },
  },
});

/** What the session keeps of a chosen area; a cart moved there keeps its id, one the server had no more is forgotten. */
function areaValues(context: PincodeContext, currentLocation: number | undefined): Partial<SessionValues> {
  const area = context.area;
  if (!area) return {};
  const values: Partial<SessionValues> = { zipcode: area.zipcode, zipState: area.state, location: area.loc_id };
  // Another delivery area has other restaurants: a dine-in or pick-up choice made for the old one no longer applies.
  if (changesArea(context, currentLocation)) {
    for (const key of visitChoiceKeys) values[key] = undefined;
  }
  if (context.movedTotal !== undefined) {
    values.total_products_in_cart = context.movedTotal;
  } else if (area.zipcode !== context.currentZip) {
    values.cart_id = undefined;
    values.total_products_in_cart = 0;
  }
  return values;
}

/** The Dine-In or Pick-Up the new pincode ends (another area, other restaurants): the question and the snackbar say so. */
export function endingVisit(context: PincodeContext): EndingVisit | undefined {
  const stored = context.session.getSnapshot().context;
  const visit = stored.shippingType === 'dine-in' ? 'Dine-In' : stored.shippingType === 'pick-up' ? 'Pick-Up' : undefined;
  if (!visit || !stored.retailer_name || !changesArea(context, stored.location)) return undefined;
  return { visit, restaurant: stored.retailer_name };
}

function changesArea(context: PincodeContext, currentLocation: number | undefined): boolean {
  return context.area !== undefined && currentLocation !== undefined && context.area.loc_id !== currentLocation;
}

/** The movearea call: the new zip, and the delivery option that survives the change (none when the area changes). */
function cartMoveBody(context: PincodeContext, apply: boolean): Sent<MoveAreaBody> {
  const stored = context.session.getSnapshot().context;
  const courierType = changesArea(context, stored.location) ? undefined : stored.couriertype;
  const target = { cartId: context.cartId ?? '', zipcode: context.area?.zipcode ?? normalizePincode(context.value), courierType };
  return moveBody(target, apply ? context.answer : false);
}

/** "Changed" only when there was a zip before: the first choice is not a change. */
function isChange(context: PincodeContext): boolean {
  return context.area !== undefined && context.currentZip !== undefined && context.area.zipcode !== context.currentZip;
}

/** code 1 with a location: the zip is served. */
function servedArea(reply: ZipLookupReply): ServedArea | undefined {
  if (reply.code !== 1) return undefined;
  const entry = reply.data?.[0];
  if (!entry || entry.loc_id === undefined || entry.state === undefined) return undefined;
  return { zipcode: entry.zipcode, state: entry.state, city: entry.city ?? '', loc_id: entry.loc_id };
}

export type PincodeActor = ActorRefFrom<typeof pincodeMachine>;
