/**
 * Transitions of machines without generated journeys that no browser journey can take, each with why (issue 25;
 * docs/decisions/048-reach-by-faults.md): `npm run flows:coverage` prints the reason beside them, as it does the
 * journey maps' notDriven. Keyed by machine id, then by transitionKey (tests/machines/path-coverage.ts).
 */
export const untakeable: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  checkoutAddress: {
    'checkoutAddress.checking ----> checkoutAddress.choosing':
      'every checkout shopper has a token: a guest registers (guestRegister) before the address tab opens, and the cart sends a visitor without one there',
  },
  checkoutCard: {
    'checkoutCard.choosing --payment.option.choose[isBankChosen]--> checkoutCard.choosing.bank':
      'no payment-option radio sends mode 1: pay by bank is chosen from the bank list (bank.choose), which the journeys take',
    'checkoutCard.addingCard --xstate.error.actor.addCard--> checkoutCard.choosing':
      'the new-card machine has no failing path of its own (every call it makes has an error transition); only a bug in it would stop it',
  },
  paymentOptions: {
    'paymentOptions --payment.option.choose[isBankChosen]--> paymentOptions.bank':
      'no payment-option radio sends mode 1: pay by bank is chosen from the bank list (bank.choose), which the journeys take',
    'paymentOptions.starting --[isUpiInitial]--> paymentOptions.upi':
      'no caller gives initialMode (checkoutCard invokes payment options with no input): the card tab always opens on cards',
    'paymentOptions.starting --[isDeliveryInitial]--> paymentOptions.delivery':
      'no caller gives initialMode (checkoutCard invokes payment options with no input): the card tab always opens on cards',
  },
  addCard: {
    'addCard --card.tokenizer.change--> (self)':
      "only the live card provider's own fields (Stripe Elements) hand over a tokenizer; the journeys' test gateway shows plain fields",
  },
  productReviews: {
    'productReviews.list.loading --reviews.page--> productReviews.list.loading':
      'the page buttons are disabled while a page loads (product-reviews.tsx); only a page chosen before the answer would send it',
  },
  accountDashboard: {
    'accountDashboard.addresses.starting ----> accountDashboard.addresses.list':
      'untakeable in the store: /setting/user sends a shopper without a token to sign in (pageAccess), and a signed-in session always holds its CustomerId; account-dashboard.machine.test.ts takes it',
  },
  walletPanel: {
    'walletPanel.starting ----> walletPanel.failed':
      "untakeable in the store: the Dine-In panel is on /setting/order, which sends a shopper without a token to sign in, and a signed-in session always holds its CustomerId; wallet-panel's unit path test takes it",
  },
  orderChange: {
    'orderChange.done --change.open--> orderChange.loading':
      "untakeable in the store: once a change is done the panel offers only Close (order-change-panel.tsx), and the order status page asks the order again; 'Change delivery or cancel' shows only when the panel is closed; the unit path test takes it",
  },
};
