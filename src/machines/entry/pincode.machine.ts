import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { ZipLookupReply } from '../../api/contract/location.contract.ts';
import { ApiError } from '../../api/http.ts';
import { comingSoonMessage, pincodeChangedMessage, somethingWentWrongMessage } from '../../rules/messages.ts';
import { normalizePincode, pincodeError } from '../../rules/pincode.ts';
import { visitChoiceKeys, type SessionValues } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';
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
}

export type PincodeEvent = { type: 'pincode.change'; value: string } | { type: 'pincode.submit' } | { type: 'pincode.cancel' };

/**
 * 'Please enter your pincode to start shopping': validates the zip, asks the server whether it is served, clears the
 * old area's server cart when the zip changes, records the area in the session, says 'Pin Code Changed' when it did
 * change, and opens the store. The geo-IP suggestion (zipSuggestion) runs beside it and fills the field when taken.
 * The view provides the navigation (goToStore), the snackbar (notifyPincodeChanged) and closing (reportClosed).
 */
export const pincodeMachine = setup({
  types: {
    context: {} as PincodeContext,
    input: {} as PincodeInput,
    events: {} as PincodeEvent,
    output: {} as { area?: ServedArea | undefined; changed: boolean },
    children: {} as { zipSuggestion: 'zipSuggestion'; lookupZip: 'lookupZip'; clearCart: 'clearCart' },
  },
  actors: {
    zipSuggestion: zipSuggestionMachine,
    // The calls load when first used: the pincode dialog is in the store's first load, its calls' structs need not be.
    lookupZip: fromPromise<ZipLookupReply, { zipcode: string }>(async ({ input }) =>
      (await import('../../api/location.api.ts')).getAddressByZipcode(input.zipcode),
    ),
    clearCart: fromPromise<unknown, { cartId: string; customerId?: number | undefined }>(async ({ input }) =>
      (await import('../../api/cart.api.ts')).clearCart(input.cartId, input.customerId),
    ),
  },
  guards: {
    isPincodeValid: ({ context }) => pincodeError(context.value) === undefined,
    isServed: (_, params: { reply: ZipLookupReply }) => servedArea(params.reply) !== undefined,
    isServedWithCartToClear: ({ context }, params: { reply: ZipLookupReply }) =>
      servedArea(params.reply) !== undefined && context.cartId !== undefined && normalizePincode(context.value) !== context.currentZip,
    canDismiss: ({ context }) => context.dismissible && context.currentZip !== undefined,
    isPincodeChanged: ({ context }) => isChange(context),
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
            guard: { type: 'isServedWithCartToClear', params: ({ event }) => ({ reply: event.output }) },
            target: 'clearingCart',
            description: 'Served, and the shopper had a cart for the old area: that cart is emptied first.',
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
    clearingCart: {
      description: "Emptying the old area's cart.",
      invoke: {
        id: 'clearCart',
        src: 'clearCart',
        input: ({ context }) => ({ cartId: context.cartId ?? '', customerId: context.customerId }),
        // The old area's cart is gone for the shopper either way; a failed clear must not trap them here.
        onDone: { description: "The old area's cart is emptied: the new area is kept.", target: 'keepingArea' },
        onError: {
          description: 'The old cart could not be emptied: the new area is kept all the same (that cart belongs to the old area).',
          target: 'keepingArea',
        },
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
      entry: 'recordArea',
      always: [
        {
          guard: 'isPincodeChanged',
          target: 'served',
          description: "The pincode replaced another one: 'Pin Code Changed' shows and the store opens.",
          actions: { type: 'notifyPincodeChanged', params: { message: pincodeChangedMessage } },
        },
        { target: 'served', description: 'A first pincode, or the same one again: the store opens with no message.' },
      ],
    },
    served: { type: 'final', description: 'The store opens for the chosen area.', entry: ['goToStore', 'reportClosed'] },
    cancelled: { type: 'final', description: 'Closed from the header: the pincode stays as it was.', entry: 'reportClosed' },
  },
});

/** What the session keeps of a chosen area; a new zip also drops the old area's cart. */
function areaValues(context: PincodeContext, currentLocation: number | undefined): Partial<SessionValues> {
  const area = context.area;
  if (!area) return {};
  const values: Partial<SessionValues> = { zipcode: area.zipcode, zipState: area.state, location: area.loc_id };
  // Another delivery area has other restaurants: a dine-in or pick-up choice made for the old one no longer applies.
  if (currentLocation !== undefined && area.loc_id !== currentLocation) {
    for (const key of visitChoiceKeys) values[key] = undefined;
  }
  if (area.zipcode !== context.currentZip) {
    values.cart_id = undefined;
    values.total_products_in_cart = 0;
  }
  return values;
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
