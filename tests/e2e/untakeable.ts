/**
 * Transitions of machines without generated journeys that no browser journey can take, each with why (issue 25;
 * docs/decisions/048-reach-by-faults.md): `npm run flows:coverage` prints the reason beside them, as it does the
 * journey maps' notDriven. Keyed by machine id, then by transitionKey (tests/machines/path-coverage.ts).
 */
export const untakeable: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  addCard: {
    'addCard --card.tokenizer.change--> (self)':
      "only the live card provider's own fields (Stripe Elements) hand over a tokenizer; the journeys' test gateway shows plain fields",
  },
  productReviews: {
    'productReviews.list.loading --reviews.page--> productReviews.list.loading':
      'the page buttons are disabled while a page loads (product-reviews.tsx); only a page chosen before the answer would send it',
  },
  orderChange: {
    'orderChange.done --change.open--> orderChange.loading':
      "untakeable in the store: once a change is done the panel offers only Close (order-change-panel.tsx), and the order status page asks the order again; 'Change delivery or cancel' shows only when the panel is closed; the unit path test takes it",
  },
};
