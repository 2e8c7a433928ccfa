// What the store shows on age-restricted products; apart from the age rules (date of birth, the check) because the
// store home's product cards, in the first load, need only these words.

/** Shown beside age-restricted products (cards and product page): the wording, with the spec's "over 21". */
export const ageRestrictedNotice = 'Age-restricted: you must be over 21 and verify your identity before ordering.';

/** The same on a product card, where space is short. */
export const ageRestrictedCardNotice = 'Over 21 only: verify your identity to order.';

/** The accessible name of the '21+' mark. */
export const ageRestrictedMarkLabel = '21 and over';
