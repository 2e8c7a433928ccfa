import { assign, fromPromise, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { VerifyUpiReply } from '../../api/contract/payment.contract.ts';
import { ApiError } from '../../api/http.ts';
import { verifyUpi } from '../../api/payments.api.ts';
import { bankAccountErrors, bankDigits, bankPaymentMode, banks, type BankName } from '../../rules/bank-account.ts';
import { isPayOnDeliveryOffered, payOnDeliveryWords, type HandOver } from '../../rules/pay-on-delivery.ts';
import { upiError, upiMessages } from '../../rules/upi.ts';
import type { CardStepReport, CardStepChoice, PaymentMode } from '../checkout/checkout-flow.types.ts';

/** The spec's payment options (section 9): 2 cards, 3 UPI, 4 Payment on Delivery. */
export const paymentOptions: readonly { mode: PaymentMode; label: string }[] = [
  { mode: 2, label: 'Cards' },
  { mode: 3, label: 'UPI' },
  { mode: 4, label: 'Payment on Delivery' },
];

/**
 * The options the order's hand-over takes: a Dine-In table has no Payment on Delivery. The label is the spec's for
 * every hand-over (payOnDeliveryWords); the panel under it says where a pick-up pays.
 */
export function offeredPaymentOptions(handOver: HandOver): { mode: PaymentMode; label: string }[] {
  return paymentOptions
    .filter((option) => option.mode !== 4 || isPayOnDeliveryOffered(handOver))
    .map((option) => (option.mode === 4 ? { ...option, label: payOnDeliveryWords[handOver].option } : option));
}

/** The spec's bank list of seven: choosing one pays by bank (a US ACH debit, payment mode 1). */
export const bankList: readonly BankName[] = banks;

export interface PaymentOptionsContext {
  upiId: string;
  /** The id the server verified (the one Continue hands on). */
  verifiedUpiId: string | undefined;
  upiError: string | undefined;
  upiMessage: string | undefined;
  /** Pay by bank: the bank chosen from the seven, and the account as typed. */
  bankName: BankName | undefined;
  routingNumber: string;
  accountNumber: string;
}

export type PaymentOptionsEvent =
  | { type: 'bank.choose'; bank: BankName }
  | { type: 'bank.routing.change'; value: string }
  | { type: 'bank.account.change'; value: string }
  | { type: 'payment.option.choose'; mode: PaymentMode }
  | { type: 'upi.change'; upiId: string }
  | { type: 'upi.verify' }
  | { type: 'payment.continue' };

/**
 * Choose Payment Options (spec section 4 "Payment choice"): cards hand over to the card list; UPI needs the id
 * verified by the server (isVPAValid 1); Payment on Delivery may continue at once. Invoked by the card step (checkout-card.machine.ts).
 */
export const paymentOptionsMachine = setup({
  types: {
    context: {} as PaymentOptionsContext,
    events: {} as PaymentOptionsEvent,
  },
  actors: {
    verifyUpi: fromPromise<VerifyUpiReply, { upiId: string }>(({ input }) => verifyUpi(input.upiId)),
  },
  guards: {
    isCardsChosen: ({ event }) => event.type === 'payment.option.choose' && event.mode === 2,
    isUpiChosen: ({ event }) => event.type === 'payment.option.choose' && event.mode === 3,
    isDeliveryChosen: ({ event }) => event.type === 'payment.option.choose' && event.mode === 4,
    isBankAccountComplete: ({ context }) =>
      Object.keys(bankAccountErrors({ bankName: context.bankName ?? '', routingNumber: context.routingNumber, accountNumber: context.accountNumber }))
        .length === 0,
    isUpiLongEnough: ({ context }) => upiError(context.upiId) === undefined,
    isUpiValid: (_, params: { reply: VerifyUpiReply }) => params.reply.isVPAValid === 1,
  },
  actions: {
    assignUpiId: assign(({ event }) =>
      event.type === 'upi.change' ? { upiId: event.upiId, verifiedUpiId: undefined, upiError: undefined, upiMessage: undefined } : {},
    ),
    assignUpiTooShort: assign({ upiError: upiMessages.invalid, upiMessage: undefined }),
    clearUpiMessages: assign({ upiError: undefined, upiMessage: undefined }),
    assignUpiVerified: assign(({ context }) => ({ verifiedUpiId: context.upiId.trim(), upiError: undefined, upiMessage: upiMessages.verified })),
    assignUpiRefused: assign((_, params: { reply: VerifyUpiReply }) => ({
      upiError: params.reply.message && params.reply.message !== upiMessages.verified ? params.reply.message : upiMessages.invalid,
    })),
    assignUpiFailure: assign((_, params: { error: unknown }) => ({
      upiError: params.error instanceof ApiError ? (params.error.errors[0]?.message ?? params.error.message) : upiMessages.invalid,
    })),
    assignBank: assign(({ event }) => (event.type === 'bank.choose' ? { bankName: event.bank } : {})),
    assignRouting: assign(({ event }) => (event.type === 'bank.routing.change' ? { routingNumber: event.value } : {})),
    assignAccount: assign(({ event }) => (event.type === 'bank.account.change' ? { accountNumber: event.value } : {})),
    // Hands the choice to the card step, which hands it to checkout.
    reportChoice: sendParent((_, params: { choice: CardStepChoice }): CardStepReport => ({ type: 'payment.chosen', choice: params.choice })),
  },
}).createMachine({
  id: 'paymentOptions',
  description: 'How to pay: cards, UPI (checked by the bank), Payment on Delivery, or by bank from one of the seven banks.',
  context: {
    upiId: '',
    verifiedUpiId: undefined,
    upiError: undefined,
    upiMessage: undefined,
    bankName: undefined,
    routingNumber: '',
    accountNumber: '',
  },
  // The card tab always opens on cards; pay by bank is chosen from the bank list (bank.choose), not by a radio.
  initial: 'cards',
  on: {
    'payment.option.choose': [
      { guard: 'isCardsChosen', target: '.cards', description: 'Cards: the card list offers the saved cards.' },
      { guard: 'isUpiChosen', target: '.upi', description: 'UPI: the shopper types a UPI id to verify.' },
      { guard: 'isDeliveryChosen', target: '.delivery', description: 'Payment on Delivery: Continue at once.' },
    ],
    // Choosing a bank from the list is choosing to pay by bank.
    'bank.choose': { target: '.bank.checkingAccount', actions: 'assignBank', description: 'A bank from the seven: pay by bank from it.' },
  },
  states: {
    /** The card list (its own machine) has the Continue of this option. */
    cards: { description: "Cards: the card list below has this option's Continue." },
    upi: {
      description: 'UPI: the shopper types their UPI id.',
      initial: 'editing',
      on: { 'upi.change': { description: 'The shopper types a UPI id: it must be verified again.', target: '.editing', actions: 'assignUpiId' } },
      states: {
        editing: {
          description: 'Typing the UPI id; Verify checks it.',
          on: {
            'upi.verify': [
              {
                guard: 'isUpiLongEnough',
                target: 'verifying',
                actions: 'clearUpiMessages',
                description: 'At least 5 characters: the bank checks the UPI id.',
              },
              { actions: 'assignUpiTooShort', description: "Fewer than 5 characters: 'please provide valid UPI ID'." },
            ],
          },
        },
        verifying: {
          description: "Waiting for the bank's answer about the UPI id.",
          tags: ['verifying'],
          invoke: {
            id: 'verifyUpi',
            src: 'verifyUpi',
            input: ({ context }) => ({ upiId: context.upiId.trim() }),
            onDone: [
              {
                guard: { type: 'isUpiValid', params: ({ event }) => ({ reply: event.output }) },
                target: 'verified',
                actions: 'assignUpiVerified',
                description: "The bank knows the UPI id: 'UPI verified successfully' and Continue pays with it.",
              },
              {
                target: 'editing',
                actions: { type: 'assignUpiRefused', params: ({ event }) => ({ reply: event.output }) },
                description: "The bank refused the UPI id: its reason (or 'please provide valid UPI ID') shows.",
              },
            ],
            onError: {
              description: 'The UPI id could not be verified (offline, server error): the field says why.',
              target: 'editing',
              actions: { type: 'assignUpiFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        verified: {
          description: 'The UPI id is verified: Continue pays with it.',
          on: {
            'payment.continue': {
              description: 'The shopper continues with the verified UPI id.',
              actions: {
                type: 'reportChoice',
                params: ({ context }) => ({ choice: { payment_mode: 3, upi_address: context.verifiedUpiId ?? context.upiId.trim() } }),
              },
            },
          },
        },
      },
    },
    /**
     * Pay by bank (a US ACH debit): choose one of the seven banks, type the routing and account numbers (checked as
     * typed); Continue only once both pass, and it hands them to checkout for place order.
     */
    bank: {
      description: 'Pay by bank: choose the bank, then type the routing and account numbers.',
      // Entered only by a bank chosen from the list (bank.choose): its account is checked at once.
      initial: 'checkingAccount',
      on: {
        'bank.routing.change': { target: '.checkingAccount', actions: 'assignRouting', description: 'The routing number typed is checked.' },
        'bank.account.change': { target: '.checkingAccount', actions: 'assignAccount', description: 'The account number typed is checked.' },
      },
      states: {
        checkingAccount: {
          description: 'Are the bank, the routing number and the account number all good?',
          always: [
            { guard: 'isBankAccountComplete', target: 'accountReady', description: 'All three pass: Continue is on.' },
            { target: 'enteringAccount', description: 'Something is missing or wrong: Continue stays off.' },
          ],
        },
        enteringAccount: { description: 'Typing the routing and account numbers: Continue is off until both pass.' },
        accountReady: {
          description: 'The bank and the account pass the checks: Continue pays by bank from it.',
          on: {
            'payment.continue': {
              description: 'Continue: the bank and the account go to checkout (the mandate text says what the shopper authorises).',
              actions: {
                type: 'reportChoice',
                params: ({ context }) => ({
                  choice: {
                    payment_mode: bankPaymentMode,
                    bank_name: context.bankName,
                    routing_number: bankDigits(context.routingNumber),
                    account_number: bankDigits(context.accountNumber),
                  },
                }),
              },
            },
          },
        },
      },
    },
    /** Payment on Delivery: nothing to fill in, Continue at once. */
    delivery: {
      description: 'Payment on Delivery: Continue at once.',
      on: {
        'payment.continue': {
          description: 'The shopper continues, paying on delivery.',
          actions: { type: 'reportChoice', params: () => ({ choice: { payment_mode: 4 } }) },
        },
      },
    },
  },
});

export type PaymentOptionsActor = ActorRefFrom<typeof paymentOptionsMachine>;
