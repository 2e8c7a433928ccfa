import type { SnapshotFrom } from 'xstate';
import type { addCardMachine } from './add-card.machine.ts';
import type { cardListMachine } from './card-list.machine.ts';
import { bankAccountErrors } from '../../rules/bank-account.ts';
import type { paymentOptionsMachine } from './payment-options.machine.ts';

/**
 * The door to paying by card (docs/decisions/032): the payment options, the saved cards and Add New Card, which the
 * card step (checkout/checkout-card.machine.ts) runs at /cart/card and in settings. Views import this file only.
 */
export { type AddCardActor } from './add-card.machine.ts';
export {
  addCardMessages,
  type AddCardErrors,
  type AddCardEvent,
  type AddCardField,
  type AddCardValues,
  type CardTokenizer,
  type ShippingAddressForCard,
} from './add-card.setup.ts';
export { brandLabel, type CardListActor, type CardListEvent } from './card-list.machine.ts';
export { bankList, paymentOptions, type PaymentOptionsActor, type PaymentOptionsEvent } from './payment-options.machine.ts';

type AddCardSnapshot = SnapshotFrom<typeof addCardMachine>;
export const selectAddCardFromSettings = (s: AddCardSnapshot) => s.context.fromSettings;
export const selectHasShippingAddress = (s: AddCardSnapshot) => s.context.shippingAddress !== undefined;
/** A checkout without a shipping address (dine-in, pick-up): 'Same As Shipping Address' has nothing to copy. */
export const selectNoShippingToCopy = (s: AddCardSnapshot) => !s.context.fromSettings && s.context.shippingAddress === undefined;
export const selectGatewayError = (s: AddCardSnapshot) => (s.matches('gatewayFailed') ? s.context.gatewayError : undefined);
export const selectGateway = (s: AddCardSnapshot) => s.context.gateway;
export const selectCardValues = (s: AddCardSnapshot) => s.context.values;
export const selectCardErrors = (s: AddCardSnapshot) => s.context.errors;
export const selectCardFormError = (s: AddCardSnapshot) => s.context.formError;
export const selectSameAsShipping = (s: AddCardSnapshot) => s.context.sameAsShipping;
/** Whether '← Back' is taken: in the form and after the card provider failed, not while it loads or the card is saved. */
export const selectCanLeaveAddCard = (s: AddCardSnapshot): boolean => s.can({ type: 'card.back' });

type CardListSnapshot = SnapshotFrom<typeof cardListMachine>;
export const selectCardsLoadError = (s: CardListSnapshot) => (s.matches('failed') ? s.context.loadError : undefined);
export const selectSavedCards = (s: CardListSnapshot) => s.context.cards;
export const selectChosenCardId = (s: CardListSnapshot) => s.context.chosenId;
export const selectRemovingCardId = (s: CardListSnapshot) => s.context.removingId;
/** The card whose Remove asks 'Yes, remove' or 'Keep' (settings), while it asks. */
export const selectConfirmingRemoveCard = (s: CardListSnapshot) =>
  s.matches('confirmingRemove') ? s.context.cards.find((c) => c.id === s.context.removingId) : undefined;
/** Whether the ADD NEW CARD (ADD CARD) tile is taken: not while a card is removed (nor while the form is open). */
export const selectCanAddCard = (s: CardListSnapshot): boolean => s.can({ type: 'card.add' });
/**
 * Whether the saved cards can be chosen (and, in settings, removed): only on the loaded list. While the cards load
 * (again, after Add New Card), a card is removed or the list failed, the machine takes neither, so the cards are
 * disabled instead of dropping the click. Every card shown is listed, so the first one answers for all.
 */
export const selectSavedCardsActionable = (s: CardListSnapshot): boolean => {
  const first = s.context.cards[0];
  return first !== undefined && s.can({ type: 'card.choose', cardId: first.id });
};

type PaymentOptionsSnapshot = SnapshotFrom<typeof paymentOptionsMachine>;
export const selectUpiId = (s: PaymentOptionsSnapshot) => s.context.upiId;
export const selectUpiError = (s: PaymentOptionsSnapshot) => s.context.upiError;
export const selectUpiMessage = (s: PaymentOptionsSnapshot) => s.context.upiMessage;
export const selectChosenBank = (s: PaymentOptionsSnapshot) => s.context.bankName;
export const selectBankAccount = (s: PaymentOptionsSnapshot) => ({ routingNumber: s.context.routingNumber, accountNumber: s.context.accountNumber });
/** What is wrong with a typed number (shown once something is typed); the bank's own error waits for a bank. */
export const selectBankFieldErrors = (s: PaymentOptionsSnapshot) => {
  const errors = bankAccountErrors({
    bankName: s.context.bankName ?? '',
    routingNumber: s.context.routingNumber,
    accountNumber: s.context.accountNumber,
  });
  return {
    routing: s.context.routingNumber.trim() === '' ? undefined : errors.routing_number,
    account: s.context.accountNumber.trim() === '' ? undefined : errors.account_number,
  };
};
export { bankMessages } from '../../rules/bank-account.ts';
