import { and, assign, fromPromise, not, sendTo, setup, stateIn } from 'xstate';
import { getSlots, nextDeliveryDates, shopCalendarRequest, showCart } from '../../api/cart.api.ts';
import type { MoveAreaReply } from '../../api/contract/cart-area.contract.ts';
import type { CartReply, GetSlotReply, NextDeliveryDateReply } from '../../api/contract/cart-page.contract.ts';
import type { DineinRetailerReply } from '../../api/contract/dine-in.contract.ts';
import { dineinRetailerList } from '../../api/dine-in.api.ts';
import { ApiError } from '../../api/http.ts';
import { slotsNotice } from '../../rules/cart-checkout.ts';
import { comingSoonMessage, deliveryOptionMessages, somethingWentWrongMessage } from '../../rules/messages.ts';
import { cartCheckOf, isCartGoneError, isEmptyCartReply, isUnchangedCartReply, moveCartActor, movedTotalOf } from '../shared/cart-move.ts';
import {
  changesCartOption,
  choiceValues,
  chosenRetailer,
  isComplete,
  isOfferedDate,
  isOptionAvailable,
  listedChoice,
  optionDiffers,
  retailersShown,
  timesShown,
  type DeliveryOptionsContext,
  type DeliveryOptionsEvent,
  type DeliveryOptionsInput,
} from './delivery-options.context.ts';
import { isSignedIn } from '../app/session-values.ts';

/** The delivery options machine's types and implementations (guards, actions, actors): its chart is delivery-options.machine.ts. */
export const deliveryOptionsSetup = setup({
  types: {
    context: {} as DeliveryOptionsContext,
    input: {} as DeliveryOptionsInput,
    events: {} as DeliveryOptionsEvent,
  },
  actors: {
    loadRetailers: fromPromise<DineinRetailerReply, { zipcode: string; location: number | undefined }>(({ input }) =>
      dineinRetailerList({ zipcode: input.zipcode, location: input.location }),
    ),
    loadSlots: fromPromise<GetSlotReply, { date: string; zipcode: string; locId: number }>(({ input }) =>
      getSlots({ order_date: input.date, zipcode: input.zipcode, vendor_loc_id: input.locId }),
    ),
    loadShopCalendar: fromPromise<NextDeliveryDateReply, { locId: number }>(({ input }) => nextDeliveryDates(shopCalendarRequest(input.locId))),
    moveCart: moveCartActor,
    // showcart without a cart id: the signed-in account's cart of now (it may have been filled in another browser).
    readAccountCart: fromPromise<CartReply>(() => showCart({})),
  },
  guards: {
    hasArea: ({ context }) => {
      const stored = context.session.getSnapshot().context;
      return stored.zipcode !== undefined && stored.location !== undefined;
    },
    isServed: (_, params: { reply: DineinRetailerReply }) => params.reply.code === 1,
    isAvailableOption: ({ context, event }) => event.type === 'option.select' && isOptionAvailable(context, event.kind),
    isDeliveryChosen: ({ context }) => context.selected === 'delivery' && context.date !== undefined,
    // For Delivery the area shop's closed days are refused ahead, as the picker disables them (issue 23), and every
    // day while they load: until then a closed day cannot be told from an open one.
    isOfferedDay: ({ context, event }) => event.type === 'date.select' && isOfferedDate(context, event.date),
    isSelectableDate: and(['isOfferedDay', not(stateIn({ closedDays: 'loading' }))]),
    needsShopCalendar: ({ context }) => context.selected === 'delivery' && context.session.getSnapshot().context.location !== undefined,
    isOfferedTime: ({ context, event }) => event.type === 'time.select' && timesShown(context).includes(event.time),
    isOfferedSlot: ({ context, event }) => event.type === 'slot.select' && context.slots.some((s) => s.slot_id === event.slotId && s.available > 0),
    isListedRetailer: ({ context, event }) =>
      event.type === 'retailer.select' && (event.locId === undefined || retailersShown(context).some((r) => r.loc_id === event.locId)),
    canContinue: ({ context }) => isComplete(context),
    isVisitChosen: ({ context }) => context.selected === 'dine-in' || context.selected === 'pick-up',
    changesCart: ({ context }) => isComplete(context) && changesCartOption(context),
    // Walk 8 #3: a signed-in tab holding no cart may be behind the account's (filled in another browser): it is read first.
    mayHaveAccountCart: ({ context }) => {
      const stored = context.session.getSnapshot().context;
      return isComplete(context) && stored.cart_id === undefined && isSignedIn(stored);
    },
    hasAccountCart: (_, params: { reply: CartReply }) => Boolean(params.reply.current_cart?.cart_id),
    isEmptyCart: (_, params: { reply: MoveAreaReply }) => isEmptyCartReply(params.reply),
    // The option this tab already had, and the server's cart is all for it: nothing to ask, nothing to move.
    isCartAsChosen: ({ context }, params: { reply: MoveAreaReply }) => !optionDiffers(context) && isUnchangedCartReply(params.reply),
    isCartGone: (_, params: { error: unknown }) => isCartGoneError(params.error),
    hasLinesToKeep: ({ context }) => (context.cartCheck?.drop.length ?? 0) > 0,
  },
  actions: {
    assignRetailers: assign(({ context }, params: { reply: DineinRetailerReply }) =>
      listedChoice(params.reply.data?.vendordata ?? [], context.preferredRetailer),
    ),
    assignNoRetailers: assign({ retailers: [], primary: 'delivery', selected: 'delivery', message: deliveryOptionMessages.noRetailer }),
    assignComingSoon: assign({ message: comingSoonMessage, primary: undefined, selected: undefined }),
    // Changing the speed resets the slots (spec section 4), and the restaurant, date and time with them.
    assignOption: assign(({ event }) =>
      event.type === 'option.select'
        ? { selected: event.kind, retailerId: undefined, time: undefined, slots: [], slotId: undefined, submitted: false }
        : {},
    ),
    assignStars: assign(({ context, event }) => {
      if (event.type !== 'stars.select') return {};
      const keep = event.stars === 0 || chosenRetailer(context)?.price_category === event.stars;
      return { stars: event.stars, retailerId: keep ? context.retailerId : undefined, time: keep ? context.time : undefined };
    }),
    assignRetailer: assign(({ event }) => (event.type === 'retailer.select' ? { retailerId: event.locId, time: undefined } : {})),
    assignDate: assign(({ event }) => (event.type === 'date.select' ? { date: event.date, time: undefined, slots: [], slotId: undefined } : {})),
    assignTime: assign(({ event }) => (event.type === 'time.select' ? { time: event.time } : {})),
    assignSlot: assign(({ event }) => (event.type === 'slot.select' ? { slotId: event.slotId } : {})),
    markSubmitted: assign({ submitted: true }),
    assignSlots: assign((_, params: { reply: GetSlotReply }) => {
      const slots = (params.reply.data ?? []).filter((s) => s.available > 0);
      // A closed day says so; only a full one is 'All Slots are booked'.
      return { slots, message: slotsNotice(params.reply) };
    }),
    assignShopCalendar: assign((_, params: { reply: NextDeliveryDateReply }) => ({ shopCalendar: params.reply.response[0] })),
    assignSlotsBooked: assign({ slots: [], message: deliveryOptionMessages.slotsBooked }),
    clearMessage: assign(({ context }) => ({ message: context.retailers.length === 0 ? deliveryOptionMessages.noRetailer : undefined })),
    recordChoice: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update' as const, values: choiceValues(context) }),
    ),
    assignCartCheck: assign((_, params: { reply: MoveAreaReply }) => ({ cartCheck: cartCheckOf(params.reply), answer: 'remove' as const })),
    answerKeepOld: assign({ answer: 'keepOld' as const }),
    clearCartCheck: assign({ cartCheck: undefined }),
    assignMoveError: assign((_, params: { error: unknown }) => ({
      cartCheck: undefined,
      message: params.error instanceof ApiError ? params.error.message : somethingWentWrongMessage,
    })),
    // The cart follows the option: its new count (the header badge); one the server no longer had is forgotten.
    recordMoved: sendTo(
      ({ context }) => context.session,
      (_, params: { reply: MoveAreaReply }) => ({ type: 'session.update' as const, values: { total_products_in_cart: movedTotalOf(params.reply) } }),
    ),
    // The account's cart this tab did not know: the session holds it (and its count) from now on, as the cart page does.
    // Kept here too: the session hears it only after this step, when the check's request is already made.
    assignAccountCart: assign((_, params: { reply: CartReply }) => ({ accountCartId: params.reply.current_cart?.cart_id })),
    recordAccountCart: sendTo(
      ({ context }) => context.session,
      (_, params: { reply: CartReply }) => ({
        type: 'session.update' as const,
        values: { cart_id: params.reply.current_cart?.cart_id, total_products_in_cart: params.reply.current_cart?.total_items_count ?? 0 },
      }),
    ),
    forgetCart: sendTo(
      ({ context }) => context.session,
      () => ({ type: 'session.update' as const, values: { cart_id: undefined, total_products_in_cart: 0 } }),
    ),
    // Navigation belongs to the page: it provides this.
    goToStore: () => undefined,
  },
});
