/**
 * The browser journeys' seller: created by prepare-store.ts with addStoreUser, the function `npm run users -- add`
 * calls, answering for every local shop (the Same Day shops the journeys buy from).
 */
export const e2eSeller = { email: 'seller.e2e@example.com', password: 'Seller-e2e-1' } as const;

/**
 * The browser journeys' staff user (prepare-store.ts, `npm run users -- add --role staff`): serves the dine-in orders
 * the wallet journeys buy, since a wallet holds a dine-in order's portions only once the restaurant has served it.
 */
export const e2eStaff = { email: 'staff.e2e@example.com', password: 'Staff-e2e-1' } as const;

/**
 * A San Francisco butcher's seller (prepare-store.ts, the Californian local shops only): its console counts its days by
 * its own clock (src/rules/local-day.ts), not New York's.
 */
export const e2ePacificSeller = { email: 'seller.sf.e2e@example.com', password: 'Seller-sf-e2e-1' } as const;
