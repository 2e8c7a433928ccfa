/**
 * The browser journeys' seller: created by prepare-store.ts with addStoreUser, the function `npm run users -- add`
 * calls, answering for every local shop (the Same Day shops the journeys buy from).
 */
export const e2eSeller = { email: 'seller.e2e@example.com', password: 'Seller-e2e-1' } as const;
