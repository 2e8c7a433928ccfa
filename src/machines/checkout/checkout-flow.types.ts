import type { PlaceOrderBody } from '../../api/contract/checkout.contract.ts';
import type { PaymentMethodsReply, SavedPaymentMethod } from '../../api/contract/payment.contract.ts';
import type { ShippingAddress } from '../../rules/checkout-flow.ts';
import type { SpeedId } from '../../rules/delivery-speeds.ts';
import type { TipPercent } from '../../rules/tips.ts';

/**
 * The values the checkout's step machines hand to the tabs machine (checkout.machine.ts), and the events they report
 * with. Types only: the machines that own each value build it.
 */

/** The spec's payment options (section 9): 2 cards, 3 UPI, 4 Payment on Delivery; 1 a bank from the bank list. */
export type PaymentMode = NonNullable<PlaceOrderBody['payment_mode']>;

/**
 * What the card step hands over: the place-order body's payment fields, plus what the spec's cart flow record keeps
 * of a saved card (its customer, its text, its billing address and the payment method name).
 */
export type CardStepChoice = { payment_mode: PaymentMode } & Pick<
  PlaceOrderBody,
  'card_id' | 'card_token' | 'upi_address' | 'bank_name' | 'routing_number' | 'account_number'
> &
  Partial<Pick<SavedPaymentMethod, 'customer_stripe_id' | 'card_info'>> & {
    billing_address_id?: NonNullable<SavedPaymentMethod['address']['billing_address_id']> | undefined;
    payment_method?: PaymentMethodsReply['payment_method'] | undefined;
  };

/** The cart flow's payment fields: each unset until the card step hands a choice over. */
export type FlowPayment = { [K in keyof Required<CardStepChoice>]: CardStepChoice[K] | undefined };

/** The spec's cart flow record, shared across the checkout steps (the tabs machine keeps it). */
export interface CartFlow extends FlowPayment {
  selectedAddress: ShippingAddress | undefined;
  selectedSpeedID: SpeedId | undefined;
  selectedRetailerID: number | undefined;
  selectedShippingMethodID: string | undefined;
  shippingAmount: string;
  deliveryFee: string;
  deliveryDate: string | undefined;
  pickup_date: string | undefined;
  /**
   * Every seller's delivery date ('YYYY-MM-DD') as the speed tab last had them (the server's groups, with the dates
   * chosen in its blocks): place order checks each against the bank debit's clearing day, so the payment tab does too.
   */
  deliveryDays: string[];
  tipPercent: TipPercent;
  isGift: boolean;
  giftMessage: string;
}

/** What the speed step fills in on CONTINUE. */
export type SpeedFlow = Pick<
  CartFlow,
  | 'selectedSpeedID'
  | 'selectedRetailerID'
  | 'selectedShippingMethodID'
  | 'deliveryFee'
  | 'shippingAmount'
  | 'deliveryDate'
  | 'pickup_date'
  | 'deliveryDays'
>;

/** What the summary's shopper chooses (kept by the tabs machine, so a later visit to the summary starts with them). */
export type SummaryChoices = Pick<CartFlow, 'tipPercent' | 'isGift' | 'giftMessage'>;

/** What the step machines tell the tabs machine while they run (sendParent). */
export type CheckoutReport =
  /** The checkout snackbar (4 s). */
  | { type: 'notice.show'; message: string }
  /** The card step's choice: the flow takes it and moves on. */
  | { type: 'card.continue'; choice: CardStepChoice }
  /** The shipping address a new card's billing copied was deleted (another tab): the tabs go back to the addresses. */
  | { type: 'card.address.gone'; message: string }
  | { type: 'summary.choices'; choices: SummaryChoices }
  /** The summary's pricing counted the cart's lines (one sold out since CHECKOUT not): the header's badge says it. */
  | { type: 'cart.count'; count: number }
  /** The speed, shop or date the shopper now has on the speed tab, before CONTINUE: kept so a reload opens with it. */
  | { type: 'speed.changed'; speed: SpeedFlow | undefined }
  /** The order is on its way (placing, the bank's check, confirming): the tabs stay where they are. */
  | { type: 'order.started' }
  | { type: 'order.ended' }
  /** Place order wants a fresh face check for this cart: the tabs open the face step again. */
  | { type: 'face.required' };

/** What the card step's children (payment options, card list, add card) tell the card step. */
export type CardStepReport =
  | { type: 'payment.chosen'; choice: CardStepChoice }
  /** The card list opened ADD NEW CARD. */
  | { type: 'card.add.open' }
  /** A refusal worth a toast (card removal, card save, card token). */
  | { type: 'card.error'; message: string }
  /** 'Same As Shipping Address' saved a card on an address deleted since (another tab): the form says so, the tabs go back. */
  | { type: 'card.address.gone'; message: string };
