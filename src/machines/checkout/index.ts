import type { SnapshotFrom } from 'xstate';
import { handOverOf, payOnDeliveryWords } from '../../rules/pay-on-delivery.ts';
import { bookedLines } from '../../rules/order-booked.ts';
import { chosenPaymentWords } from '../../rules/payment-words.ts';
import { sellersOfSpeed } from '../../rules/speed-sellers.ts';
import { couponApplies, giftApplies, isWalletOnlyLines } from '../../rules/wallet.ts';
import { offeredPaymentOptions } from '../cards/payment-options.machine.ts';
import type { checkoutAddressMachine } from './checkout-address.machine.ts';
import type { checkoutCardMachine } from './checkout-card.machine.ts';
import type { checkoutSpeedMachine } from './checkout-speed.machine.ts';
import type { checkoutSummaryMachine } from './checkout-summary.machine.ts';
import type { CheckoutSummaryContext } from './checkout-summary.setup.ts';
import type { checkoutMachine } from './checkout.machine.ts';

/**
 * The door to the checkout (docs/decisions/032): the tabs machine and its steps (address, speed, card, summary; the
 * face step is identity's face check), what each step shows, and the step actors the tabs run. Views import this file
 * only; the card step's children are in ../cards/index.ts.
 */
export { checkoutMachine } from './checkout.machine.ts';
export { type CheckoutEvent } from './checkout.setup.ts';
export type { CheckoutAddressActor, CheckoutAddressEvent } from './checkout-address.machine.ts';
export { checkoutCardMachine, type CheckoutCardActor, type CheckoutCardEvent } from './checkout-card.machine.ts';
export type { CheckoutSpeedActor, CheckoutSpeedEvent } from './checkout-speed.machine.ts';
export { checkoutSummaryMachine, type CheckoutSummaryActor } from './checkout-summary.machine.ts';
export { type CheckoutSummaryEvent } from './checkout-summary.setup.ts';
export type { CardStepChoice, PaymentMode } from './checkout-flow.types.ts';
export { keepCheckoutChoices, readKeptChoicesFor, type CheckoutStorage } from './checkout-kept.ts';

/** The server's figures for the order, as the summary shows them. */
export type OrderReview = NonNullable<CheckoutSummaryContext['review']>;

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export const selectStep = (s: CheckoutSnapshot) => s.context.step;
export const selectNotice = (s: CheckoutSnapshot) => s.context.notice;
/** Which tabs are open to the shopper. */
export const selectTabFlags = (s: CheckoutSnapshot) => s.context.flags;
/** The card step's BACK goes to the speed tab only when there is one. */
export const selectHasSpeedTab = (s: CheckoutSnapshot) => s.context.flags.isSpeedTab;
/** A cart of wallet redemptions only: nothing is charged. */
export const selectNothingToPay = (s: CheckoutSnapshot) => isWalletOnlyLines(s.context.cartLines);
export const selectIdentityGap = (s: CheckoutSnapshot) => s.context.identityGap;
export const selectOrderId = (s: CheckoutSnapshot) => s.context.orderId;
export const selectAwaitsEmailConfirmation = (s: CheckoutSnapshot) => s.context.awaitsEmailConfirmation;
export const selectAwaitsBankPayment = (s: CheckoutSnapshot) => s.context.awaitsBankPayment;
export const selectKeptBackCapped = (s: CheckoutSnapshot) => s.context.keptBackCapped;
/** Each step's actor, while its tab is open. */
export const selectAddressStep = (s: CheckoutSnapshot) => s.children.chooseAddress;
export const selectSpeedStep = (s: CheckoutSnapshot) => s.children.chooseSpeed;
export const selectCardStep = (s: CheckoutSnapshot) => s.children.choosePayment;
export const selectFaceStep = (s: CheckoutSnapshot) => s.children.verifyFace;
export const selectSummaryStep = (s: CheckoutSnapshot) => s.children.reviewOrder;

type AddressStepSnapshot = SnapshotFrom<typeof checkoutAddressMachine>;
export const selectShippingAddresses = (s: AddressStepSnapshot) => s.context.addresses;
export const selectChosenAddressId = (s: AddressStepSnapshot) => s.context.chosenAddressId;
/** The ADD NEW ADDRESSES form's actor, while it is open. */
export const selectAddressForm = (s: AddressStepSnapshot) => s.children.addressForm;

type SpeedStepSnapshot = SnapshotFrom<typeof checkoutSpeedMachine>;
export const selectSpeeds = (s: SpeedStepSnapshot) => s.context.speeds;
export const selectSpeedChoice = (s: SpeedStepSnapshot) => s.context.speedChoice;
/** The shops whose lines the chosen speed covers: every seller's for a delivery, the one picked for a visit. */
export const selectSpeedSellers = (s: SpeedStepSnapshot) => {
  const speed = s.context.speeds.find((option) => option.id === s.context.speedChoice?.speedId);
  return speed ? sellersOfSpeed(speed, s.context.speedChoice?.retailerId) : [];
};
export const selectSpeedMessage = (s: SpeedStepSnapshot) => s.context.speedMessage;
/** No speed for the cart as it is: the tab leads back to the cart rather than try again (walk 6 #3). */
export const selectSpeedRefused = (s: SpeedStepSnapshot) => s.context.speedRefused;
/** The sellers' date and time blocks (cart delivery-group actors; render them with the cart door's group selectors). */
export const selectSpeedGroups = (s: SpeedStepSnapshot) => s.context.groups;
/** The cart's seller groups as the server last priced them (each block's own fee). */
export const selectSpeedDeliveryGroups = (s: SpeedStepSnapshot) => s.context.deliveryGroups;
export const selectSpeedGroupMessage = (s: SpeedStepSnapshot) => s.context.groupMessage;
/** Whether the retailer or the date of the speed chosen can be chosen now (the machine's guards say). */
export const selectCanChooseRetailer = (s: SpeedStepSnapshot) =>
  s.can({ type: 'retailer.choose', retailerId: s.context.speedChoice?.retailerId ?? 0 });
export const selectCanChooseDate = (s: SpeedStepSnapshot) => s.can({ type: 'method.choose', methodId: s.context.speedChoice?.methodId ?? '' });

type CardStepSnapshot = SnapshotFrom<typeof checkoutCardMachine>;
export const selectCardStepFromSettings = (s: CardStepSnapshot) => s.context.fromSettings;
/** Add New Card's actor, while it is open. */
export const selectAddCard = (s: CardStepSnapshot) => (s.matches('addingCard') ? s.children.addCard : undefined);
export const selectPaymentOptions = (s: CardStepSnapshot) => s.children.choosePaymentOption;
export const selectCardList = (s: CardStepSnapshot) => s.children.listCards;
/** Why the cart cannot be paid on delivery (too many units), or undefined; Payment on Delivery's Continue is taken only then. */
export const selectPayOnDeliveryRefusal = (s: CardStepSnapshot) => s.context.payOnDeliveryRefusal;
/** The payment options the order's hand-over offers, in its words (none on delivery for a Dine-In table). */
export const selectOfferedPaymentOptions = (s: CardStepSnapshot) => offeredPaymentOptions(s.context.handOver);
/** Payment on Delivery's panel text in the hand-over's words ('Pay when your order arrives.'). */
export const selectPayOnDeliveryPanel = (s: CardStepSnapshot) => payOnDeliveryWords[s.context.handOver].panel;
/** Why the order cannot be paid by bank (due before a debit clears), or undefined: the bank list is then disabled. */
export const selectBankRefusal = (s: CardStepSnapshot) => s.context.bankRefusal;
export const selectCanContinueOnDelivery = (s: CardStepSnapshot) => s.can({ type: 'payment.continue' });

type SummarySnapshot = SnapshotFrom<typeof checkoutSummaryMachine>;
export const selectTipOffered = (s: SummarySnapshot) => s.context.tipOffered;
export const selectReview = (s: SummarySnapshot) => s.context.review;
export const selectReviewMessage = (s: SummarySnapshot) => s.context.reviewMessage;
/** Place order's refusal, kept next to PLACE ORDER with the tab that can fix it (walk 3 #1, #2). */
export const selectSummaryRefusal = (s: SummarySnapshot) => s.context.refusal;
export const selectSummaryFlow = (s: SummarySnapshot) => s.context.flow;
/** The chosen payment in words ('Visa ending in 4242', 'Payment on Delivery'…): the summary names it (walk 3). */
export const selectSummaryPayment = (s: SummarySnapshot) => chosenPaymentWords(s.context.flow, handOverOf(s.context.flow.selectedSpeedID));
export const selectSubstitutions = (s: SummarySnapshot) => s.context.substitutions;
/**
 * What the order books, in words ('Table at Gramercy Chop House on 12/03/2026, 7:00 PM', 'Delivery on …'): from the
 * flow place order sends and order review's groups (walk 7 #6). A new array each time: compare it by its lines.
 */
export const selectSummaryBooked = (s: SummarySnapshot): string[] =>
  bookedLines({
    speedId: s.context.flow.selectedSpeedID,
    retailerId: s.context.flow.selectedRetailerID,
    visitAt: s.context.flow.pickup_date,
    groups: s.context.review?.delivery_groups ?? [],
  });
export const selectSummaryCouponText = (s: SummarySnapshot) => s.context.couponText;
export const selectSummaryCouponMessage = (s: SummarySnapshot) => s.context.couponMessage;
/**
 * Whether the shopper can change the summary's choices (what to do with a line that is out, the driver tip, the gift
 * and its message): only while the order is priced or shown. While a coupon is applied or removed, after a pricing
 * that failed and while the order is on its way the machine takes none of them, so the page disables them instead of
 * dropping the pick or the keystroke. The four are taken in the same states; the tip also needs 1 Hour Delivery,
 * and the page shows the tips only then.
 */
export const selectSummaryEditable = (s: SummarySnapshot): boolean => s.can({ type: 'gift.toggle' });
/** Whether the summary offers a coupon box: not for an order of wallet redemptions only ($0, nothing to take off). */
export const selectSummaryCouponOffered = (s: SummarySnapshot): boolean => s.context.review === undefined || couponApplies(s.context.review.result);
/** 'This order is a gift' is offered unless the order is wallet redemptions only (giftApplies: nothing is sent). */
export const selectSummaryGiftOffered = (s: SummarySnapshot): boolean => s.context.review === undefined || giftApplies(s.context.review.result);
/** Whether the summary's coupon box takes typing (not while a coupon is removed, after a failed pricing, or while ordering). */
export const selectSummaryCouponEditable = (s: SummarySnapshot): boolean => s.can({ type: 'coupon.change', code: '' });
