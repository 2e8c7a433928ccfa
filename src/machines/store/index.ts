import type { SnapshotFrom } from 'xstate';
import type { addToCartMachine } from './add-to-cart.machine.ts';
import type { deliveryOptionsMachine } from './delivery-options.machine.ts';
import type { searchBoxMachine } from './search-box.machine.ts';

/**
 * The door to the store's own flows (docs/decisions/032): a product's ADD TO CART, the header's search box and the
 * delivery options screen. Views import this file only.
 */
export { addToCartMachine, type AddToCartEvent } from './add-to-cart.machine.ts';
export { cardNotice, deliveryOptionsMachine, isOptionAvailable, type DeliveryOptionsEvent } from './delivery-options.machine.ts';
export { searchBoxMachine, type SearchBoxEvent } from './search-box.machine.ts';

type AddToCartSnapshot = SnapshotFrom<typeof addToCartMachine>;
export const selectSizeId = (s: AddToCartSnapshot) => s.context.sizeId;
/** Size, speed and vendor chosen: a fresh object each time, so compare it field by field. */
export const selectSelection = (s: AddToCartSnapshot) => ({ sizeId: s.context.sizeId, speed: s.context.speed, vendorLocId: s.context.vendorLocId });
export const selectQty = (s: AddToCartSnapshot) => s.context.qty;
/**
 * Whether size, speed and quantity can be changed: while choosing (or asked to sign in first), not while the line is
 * being added, when the machine takes none of them and the page disables them instead of dropping the change.
 */
export const selectChoicesEditable = (s: AddToCartSnapshot) => s.can({ type: 'qty.select', qty: 1 });

type SearchBoxSnapshot = SnapshotFrom<typeof searchBoxMachine>;
export const selectSearchText = (s: SearchBoxSnapshot) => s.context.text;
export const selectSearchQuery = (s: SearchBoxSnapshot) => s.context.query;
export const selectSearchTotal = (s: SearchBoxSnapshot) => s.context.total;
/** 'Click Here to See Result' leads somewhere only with a result: 'Total 0 Result.' stands alone (QA walk 9 S9). */
export const selectSearchLinkOffered = (s: SearchBoxSnapshot) => s.matches('showing') && s.context.total > 0;
export const selectSearchMessage = (s: SearchBoxSnapshot) => s.context.message;

type DeliveryOptionsSnapshot = SnapshotFrom<typeof deliveryOptionsMachine>;
/** The parts of the context the delivery options page shows: a fresh object each time, so compare it by value. */
export function selectDeliveryOptionsView({ context }: DeliveryOptionsSnapshot) {
  return {
    primary: context.primary,
    selected: context.selected,
    stars: context.stars,
    retailerId: context.retailerId,
    date: context.date,
    time: context.time,
    slotId: context.slotId,
    slots: context.slots,
    message: context.message,
    retailers: context.retailers,
  };
}
// Selectors that compute with the machine's own helpers live beside it: the door only re-exports them, so a view
// importing this door for the search box does not pull the delivery options machine into its chunk.
export {
  selectChosenRetailer,
  selectDatePickerDays,
  selectMissingChoices,
  selectOptionCartBusy,
  selectOptionCartQuestion,
  selectOptionsEditable,
  selectRetailersShown,
  selectTimesShown,
} from './delivery-options.selectors.ts';
