import { and, assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { addToCart } from '../../api/add-to-cart.api.ts';
import type { AddToCartBody, AddToCartResult } from '../../api/contract/add-to-cart.contract.ts';
import type { ProductSize } from '../../api/contract/product.contract.ts';
import { ApiError } from '../../api/http.ts';
import {
  initialSelection,
  offerFor,
  selectableSizes,
  selectedStockStatus,
  selectionForSize,
  speedsForSize,
  type Selection,
} from '../../rules/product-options.ts';
import { clampQuantity } from '../../rules/quantity.ts';
import type { SpeedValue } from '../../rules/speeds.ts';
import { isSignedIn } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';

export interface AddToCartInput {
  session: ActorRefFrom<typeof sessionMachine>;
  sizes: readonly ProductSize[];
  /** The product's age_restricted flag: only a signed-in customer may put it in a cart (issue 11). */
  ageRestricted?: boolean | undefined;
  /** The seller's location the page was opened for (a card of a vendor-filtered listing): its offer is chosen first. */
  preferredLocId?: number | undefined;
}

export interface AddToCartContext extends AddToCartInput, Selection {
  ageRestricted: boolean;
  qty: number;
  /** The server's refusal or the network's message, shown as a red toast. */
  message: string | undefined;
}

export type AddToCartEvent =
  { type: 'size.select'; sizeId: number } | { type: 'speed.select'; speed: SpeedValue } | { type: 'qty.select'; qty: number } | { type: 'cart.add' };

function sizeOf(context: AddToCartContext): ProductSize | undefined {
  return context.sizes.find((s) => s.id === context.sizeId);
}

/**
 * The product page's choices and ADD TO CART (spec 4): size, speed and quantity; a change of size resets vendor and
 * speed. Code 1 stores the cart and its count, then a guest without a token goes to guest registration and a customer
 * to the cart (walletOrder off); anything else is the server's message as a red toast. An age-restricted product
 * for a guest (no token, no customer id, or a guest-checkout token without a name) is not sent at all: the page asks
 * them to create an account and verify first ('accountNeeded'); the server refuses it too.
 */
export const addToCartMachine = setup({
  types: {
    context: {} as AddToCartContext,
    input: {} as AddToCartInput,
    events: {} as AddToCartEvent,
  },
  actors: {
    addToCart: fromPromise<AddToCartResult, AddToCartBody>(({ input }) => addToCart(input)),
  },
  guards: {
    isSelectableSize: ({ context, event }) => event.type === 'size.select' && selectableSizes(context.sizes).some((s) => s.id === event.sizeId),
    isOfferedSpeed: ({ context, event }) => event.type === 'speed.select' && speedsForSize(sizeOf(context)).includes(event.speed),
    isInStock: ({ context }) => selectedStockStatus(sizeOf(context), context) === 'in stock',
    isAdded: (_, params: { result: AddToCartResult }) => params.result.code === 1 && params.result.cart_id !== undefined,
    isGuest: ({ context }) => !context.session.getSnapshot().context.Token,
    // Only an account can verify its identity, so only a signed-in customer may add a restricted product.
    isAccountNeeded: ({ context }) => {
      const stored = context.session.getSnapshot().context;
      return context.ageRestricted && !(isSignedIn(stored) && stored.CustomerId !== undefined);
    },
  },
  actions: {
    assignSize: assign(({ context, event }) =>
      event.type === 'size.select'
        ? selectionForSize(
            context.sizes.find((s) => s.id === event.sizeId),
            context.preferredLocId,
          )
        : {},
    ),
    assignSpeed: assign(({ context, event }) =>
      event.type === 'speed.select'
        ? { speed: event.speed, vendorLocId: offerFor(sizeOf(context), event.speed, context.preferredLocId)?.Loc_id }
        : {},
    ),
    assignQty: assign(({ event }) => (event.type === 'qty.select' ? { qty: clampQuantity(event.qty) } : {})),
    assignRefusal: assign((_, params: { result: AddToCartResult }) => ({
      message: params.result.message || somethingWentWrongMessage,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({
      message: params.error instanceof ApiError ? params.error.message : somethingWentWrongMessage,
    })),
    recordCart: sendTo(
      ({ context }) => context.session,
      (_, params: { result: AddToCartResult }) => ({
        type: 'session.update' as const,
        values: { cart_id: params.result.cart_id, total_products_in_cart: params.result.total_products_in_cart ?? 0 },
      }),
    ),
    recordWalletOff: sendTo(({ context }) => context.session, { type: 'session.update', values: { walletOrder: false } }),
    // Navigation and toasts belong to the page: it provides these.
    goToGuestRegister: () => undefined,
    goToCart: () => undefined,
    notifyRefusal: () => undefined,
  },
}).createMachine({
  description:
    "The product page's choices and ADD TO CART (storefront.md, Product detail, and States and transitions, Add to cart). The shopper picks a size, a speed and a quantity (1 to 24); a new size resets the seller and speed (to the seller the page was opened for, from a vendor-filtered listing, when it sells that size). ADD TO CART (only when the size is 'in stock') stores the cart and its item count, then sends a shopper without a token (a guest) to guest registration and anyone else to the cart; a refusal is the server's message as a red toast. An age-restricted product is only for a signed-in customer: a guest is asked to create an account and verify first.",
  id: 'addToCart',
  context: ({ input }) => ({
    ...input,
    ageRestricted: input.ageRestricted ?? false,
    ...initialSelection(input.sizes, input.preferredLocId),
    qty: 1,
    message: undefined,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The shopper chooses size, speed and quantity and may press ADD TO CART.',
      on: {
        'size.select': { description: 'The shopper picks a size the product comes in.', guard: 'isSelectableSize', actions: 'assignSize' },
        'speed.select': {
          description: 'The shopper picks a delivery speed the product is offered with.',
          guard: 'isOfferedSpeed',
          actions: 'assignSpeed',
        },
        'qty.select': { description: 'The shopper picks how many to add.', actions: 'assignQty' },
        'cart.add': [
          {
            description: 'An age-restricted product for a guest: they are asked to create an account and verify first.',
            guard: and(['isInStock', 'isAccountNeeded']),
            target: 'accountNeeded',
          },
          { description: 'The size is in stock: it is added to the cart.', guard: 'isInStock', target: 'adding' },
        ],
      },
    },
    /** A guest asked for a restricted product: the page says to create an account and verify (21+); nothing is sent. */
    accountNeeded: {
      description:
        'A guest asked for an age-restricted product: the page asks them to create an account and verify they are over 21; nothing is added.',
      on: {
        'size.select': {
          description: 'The shopper picks a size instead of signing in: back to choosing.',
          guard: 'isSelectableSize',
          target: 'choosing',
          actions: 'assignSize',
        },
        'speed.select': {
          description: 'The shopper picks a speed instead of signing in: back to choosing.',
          guard: 'isOfferedSpeed',
          target: 'choosing',
          actions: 'assignSpeed',
        },
        'qty.select': {
          description: 'The shopper picks a quantity instead of signing in: back to choosing.',
          target: 'choosing',
          actions: 'assignQty',
        },
        // Asking again changes nothing (the button stays, the message with it).
        'cart.add': { description: 'A guest presses Add to cart again: they are still asked to sign in first.', target: 'accountNeeded' },
      },
    },
    adding: {
      description: 'Adding the chosen size, speed and quantity to the cart.',
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => {
          const stored = context.session.getSnapshot().context;
          return {
            product_id: context.sizeId ?? 0,
            qty: context.qty,
            cart_id: stored.cart_id,
            zipcode: stored.zipcode ?? '',
            loc_id: stored.location ?? 0,
            wallet: 0 as const,
            speed_id: context.speed ?? 'local',
            vendor_loc_id: context.vendorLocId,
          };
        },
        onDone: [
          {
            description: 'Added (code 1): the cart and its item count are stored.',
            guard: { type: 'isAdded', params: ({ event }) => ({ result: event.output }) },
            target: 'added',
            actions: { type: 'recordCart', params: ({ event }) => ({ result: event.output }) },
          },
          {
            description: "Refused: the server's message (or 'Something Went Wrong.') as a red toast.",
            target: 'choosing',
            actions: [{ type: 'assignRefusal', params: ({ event }) => ({ result: event.output }) }, 'notifyRefusal'],
          },
        ],
        onError: {
          description: "The item could not be added: a toast gives the reason and the shopper's choices stay.",
          target: 'choosing',
          actions: [{ type: 'assignFailure', params: ({ event }) => ({ error: event.error }) }, 'notifyRefusal'],
        },
      },
    },
    added: {
      description: 'The product is in the cart: deciding where the shopper goes next.',
      always: [
        { description: 'A guest (no token): on to guest registration.', guard: 'isGuest', target: 'sentToGuestRegister' },
        {
          description: 'A shopper with a token: on to the cart, as an ordinary (not wallet) order.',
          target: 'sentToCart',
          actions: 'recordWalletOff',
        },
      ],
    },
    sentToGuestRegister: {
      description: 'A guest goes to guest registration to give an email before checking out.',
      type: 'final',
      entry: 'goToGuestRegister',
    },
    sentToCart: {
      description: 'A shopper with a token (a customer, or a guest who already gave an email) goes to the cart.',
      type: 'final',
      entry: 'goToCart',
    },
  },
});
