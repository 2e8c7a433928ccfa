/**
 * The store's policy facts (spec section 1, "Static pages"), in one place so the pages, the FAQ and any mail say the
 * same numbers. The contact details are the store's own; change them here.
 */
export const storePolicies = {
  freshnessGuaranteeDays: 7,
  arbitrationAppealDays: 15,
  claimWindowYears: 1,
  /** Changes to an order are allowed up to this long before its ship date (holidays: holidayChangeDays). */
  changeWindowHours: 72,
  holidayChangeDays: 7,
  /** Orders changed before this time (Eastern) are changed the same day. */
  changeCutoff: '3pm EST',
} as const;

export const storeContact = {
  hours: 'Mon-Fri 9am-5pm EST',
  phone: '(212) 555-0147',
  email: 'support@meatandfish.example',
} as const;
