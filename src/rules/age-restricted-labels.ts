// What the store's product cards show on age-restricted products; apart from the age rules (date of birth, the check)
// and the product page's words (age-restricted-product.ts) because the store home's cards, in the first load, need
// only these.

/**
 * The line on a product card, where space is short: a verified customer (sign-in's verification_id) is not asked to
 * verify again (QA walk 4 #5); a guest or an unverified customer is.
 */
export const ageRestrictedCardNotice = (verified: boolean) => (verified ? 'Over 21 only' : 'Over 21 only: verify your identity to order.');

/** The accessible name of the '21+' mark. */
export const ageRestrictedMarkLabel = '21 and over';
