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
  accountDashboard: {
    'accountDashboard.addresses.starting ----> accountDashboard.addresses.list':
      'untakeable in the store: /setting/user sends a shopper without a token to sign in (pageAccess), and a signed-in session always holds its CustomerId; account-dashboard.machine.test.ts takes it',
  },
  orderChange: {
    'orderChange.done --change.open--> orderChange.loading':
      "untakeable in the store: once a change is done the panel offers only Close (order-change-panel.tsx), and the order status page asks the order again; 'Change delivery or cancel' shows only when the panel is closed; the unit path test takes it",
  },
  camera: {
    'camera.starting --camera.stop--> camera.off':
      "nothing withdraws the ask while the browser answers: the selfie step stops needing the camera only once a selfie is taken (TAKE SELFIE waits for live frames, the file stands in only once the camera is unavailable), and leaving the page stops the camera's actor (@xstate/react) before use-camera's cleanup sends camera.stop; the stopped actor's invoke is aborted, so a late stream is still released (camera.machine.test.ts takes the transition)",
  },
};
