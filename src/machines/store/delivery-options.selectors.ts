import type { SnapshotFrom } from 'xstate';
import { deliveryOptionLabels } from '../../rules/dine-in.ts';
import { chosenRetailer, datePickerDays, missingChoices, retailersShown, storedKind, timesShown } from './delivery-options.context.ts';
import type { deliveryOptionsMachine } from './delivery-options.machine.ts';

type DeliveryOptionsSnapshot = SnapshotFrom<typeof deliveryOptionsMachine>;
export const selectRetailersShown = (s: DeliveryOptionsSnapshot) => retailersShown(s.context);
export const selectTimesShown = (s: DeliveryOptionsSnapshot) => timesShown(s.context);
export const selectChosenRetailer = (s: DeliveryOptionsSnapshot) => chosenRetailer(s.context);
/** What the page names as missing: only after CONTINUE was pressed on Dine-In or Pick-Up (a fresh object, compare by value). */
export const selectMissingChoices = (s: DeliveryOptionsSnapshot) => (s.context.submitted ? missingChoices(s.context) : {});
/**
 * What the date picker disables and why (for Delivery the area shop's closed days; none while they load): a fresh
 * object, compare by value.
 */
export const selectDatePickerDays = (s: DeliveryOptionsSnapshot) => datePickerDays(s.context, s.matches({ closedDays: 'loading' }));

/**
 * While the page asks (issue 23): the new option, the one this tab was on, and the cart's lines that stay, that the
 * new option cannot sell (and may be kept for the option they were bought for: the server's word, read from the
 * cart's offers, since another browser may have filled it for another option than this tab remembers) and that come
 * back.
 */
export const selectOptionCartQuestion = (s: DeliveryOptionsSnapshot) => {
  const check = s.context.cartCheck;
  if (!s.matches({ options: 'confirming' }) || !check) return undefined;
  const stored = s.context.session.getSnapshot().context;
  const kind = s.context.selected ?? 'delivery';
  const storedOption = deliveryOptionLabels[storedKind(stored)];
  // Another restaurant of the same option: the question names both ('Pick-Up at Gramercy Chop House').
  const sameOption = storedKind(stored) === kind;
  const target = deliveryOptionLabels[kind];
  const restaurant = selectChosenRetailer(s)?.name;
  const current = sameOption && stored.retailer_name ? `${storedOption} at ${stored.retailer_name}` : storedOption;
  const { keptFor, ...lines } = check;
  return { target: sameOption && restaurant ? `${target} at ${restaurant}` : target, current, keepFor: keptFor ?? current, mode: kind, ...lines };
};
/** Reading the account's cart, asking the server about the cart, or moving it. */
export const selectOptionCartBusy = (s: DeliveryOptionsSnapshot) =>
  s.matches({ options: 'readingAccountCart' }) || s.matches({ options: 'checkingCart' }) || s.matches({ options: 'movingCart' });
/**
 * Whether the shopper can change a choice (card, stars, restaurant, date, time, slot): only while choosing. While the
 * cart is checked or moved (and while its question is asked) the machine takes none of them, so the page disables
 * them instead of dropping the change and storing the old choice.
 */
export const selectOptionsEditable = (s: DeliveryOptionsSnapshot) => s.can({ type: 'stars.select', stars: 0 });
