// The product page's words on an age-restricted product: its notice and the guest's refusal. Apart from the cards'
// (age-restricted-labels.ts, in the first load) because only the product page (a lazy screen) and the server use them.

/**
 * Beside an age-restricted product on its page: the wording, with the spec's "over 21". A verified customer
 * (sign-in's verification_id) is not asked to verify again (QA walk 4 #5).
 */
export const ageRestrictedNotice = (verified: boolean) =>
  verified
    ? 'Age-restricted: over 21 only. Your identity is verified.'
    : 'Age-restricted: you must be over 21 and verify your identity before ordering.';

/**
 * A guest (no account: no token, or an email-only guest checkout) adding an age-restricted product: the product page
 * and the add-to-cart call refuse it with these words (issue 11: "asked to create an account and verify first").
 */
export const guestAgeRestrictedRefusal = 'Please create an account and verify your identity (21+) to buy this.';
