import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { clearCart } from '../api/cart.api.ts';
import type { ZipLookupReply } from '../api/contract/location.contract.ts';
import { ApiError } from '../api/http.ts';
import { getAddressByZipcode } from '../api/location.api.ts';
import { comingSoonMessage } from '../rules/messages.ts';
import { normalizePincode, pincodeError } from '../rules/pincode.ts';
import { visitChoiceKeys, type SessionValues } from './session-values.ts';
import type { sessionMachine } from './session.machine.ts';

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
 * old area's server cart when the zip changes, and records the area in the session.
 */
export const pincodeMachine = setup({
  types: {
    context: {} as PincodeContext,
    input: {} as PincodeInput,
    events: {} as PincodeEvent,
    output: {} as { area?: ServedArea | undefined; changed: boolean },
  },
  actors: {
    lookupZip: fromPromise<ZipLookupReply, { zipcode: string }>(({ input }) => getAddressByZipcode(input.zipcode)),
    clearCart: fromPromise<unknown, { cartId: string; customerId?: number | undefined }>(({ input }) => clearCart(input.cartId, input.customerId)),
  },
  guards: {
    isPincodeValid: ({ context }) => pincodeError(context.value) === undefined,
    isServed: (_, params: { reply: ZipLookupReply }) => servedArea(params.reply) !== undefined,
    isServedWithCartToClear: ({ context }, params: { reply: ZipLookupReply }) =>
      servedArea(params.reply) !== undefined && context.cartId !== undefined && normalizePincode(context.value) !== context.currentZip,
    canDismiss: ({ context }) => context.dismissible && context.currentZip !== undefined,
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
      error: params.error instanceof ApiError ? params.error.message : 'Something Went Wrong.',
    })),
    clearNotServed: assign({ notServed: undefined }),
    recordArea: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update' as const, values: areaValues(context, context.session.getSnapshot().context.location) }),
    ),
  },
}).createMachine({
  id: 'pincode',
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
  // "Changed" only when there was a zip before: the first choice is not a change.
  output: ({ context }) => ({
    area: context.area,
    changed: context.area !== undefined && context.currentZip !== undefined && context.area.zipcode !== context.currentZip,
  }),
  on: {
    'pincode.cancel': { guard: 'canDismiss', target: '.cancelled' },
  },
  states: {
    editing: {
      on: {
        'pincode.change': { actions: 'assignValue' },
        'pincode.submit': [{ guard: 'isPincodeValid', target: 'lookingUp' }, { actions: 'assignValidationError' }],
      },
    },
    lookingUp: {
      invoke: {
        id: 'lookupZip',
        src: 'lookupZip',
        input: ({ context }) => ({ zipcode: normalizePincode(context.value) }),
        onDone: [
          {
            guard: { type: 'isServedWithCartToClear', params: ({ event }) => ({ reply: event.output }) },
            target: 'clearingCart',
            actions: { type: 'assignArea', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            guard: { type: 'isServed', params: ({ event }) => ({ reply: event.output }) },
            target: 'served',
            actions: { type: 'assignArea', params: ({ event }) => ({ reply: event.output }) },
          },
          { target: 'notServed', actions: { type: 'assignNotServed', params: ({ event }) => ({ reply: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'assignRequestError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    clearingCart: {
      invoke: {
        id: 'clearCart',
        src: 'clearCart',
        input: ({ context }) => ({ cartId: context.cartId ?? '', customerId: context.customerId }),
        // The old area's cart is gone for the shopper either way; a failed clear must not trap them here.
        onDone: { target: 'served' },
        onError: { target: 'served' },
      },
    },
    notServed: {
      on: {
        'pincode.change': { target: 'editing', actions: ['assignValue', 'clearNotServed'] },
      },
    },
    served: { type: 'final', entry: 'recordArea' },
    cancelled: { type: 'final' },
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

/** code 1 with a location: the zip is served. */
function servedArea(reply: ZipLookupReply): ServedArea | undefined {
  if (reply.code !== 1) return undefined;
  const entry = reply.data?.[0];
  if (!entry || entry.loc_id === undefined || entry.state === undefined) return undefined;
  return { zipcode: entry.zipcode, state: entry.state, city: entry.city ?? '', loc_id: entry.loc_id };
}
