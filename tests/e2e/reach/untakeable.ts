/**
 * Transitions of machines without generated journeys that no browser can take by design (machine id → transition key
 * → why), listed beside the recorded reach by `npm run flows:coverage` as the journey maps' notDriven are. A transition
 * only the fault journeys have not reached yet is not listed here: it stays a gap.
 */
export const untakeable: Readonly<Record<string, Readonly<Record<string, string>>>> = {
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
