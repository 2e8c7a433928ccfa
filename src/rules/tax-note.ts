/**
 * The cart's and the order summary's tax note (decision 081: sales tax by the line's kind). The state's own words
 * come from the tax table ('CA: groceries are exempt from sales tax') and speak of groceries only; wine and spirits
 * and a restaurant's Dine-In or Pick-Up meals are taxed at the state's general rate in every state, so a cart holding
 * them says so after the state's words. A state with no sales tax (a general rate of 0) taxes neither: nothing added.
 */
export interface GeneralRateLines {
  /**
   * Groceries (what is neither): the state's words speak of them, so a cart with none leaves them out and keeps only
   * the state's code (QA walk 9 S5: a Dine-In cart of sake and oysters read 'groceries are exempt').
   */
  groceries: boolean;
  /** Wine and spirits (age-restricted products). */
  alcohol: boolean;
  /** A restaurant's Dine-In or Pick-Up offers (prepared food). */
  meals: boolean;
}

/** A rate in parts per million as the shopper reads it: 72500 → '7.25%', 40000 → '4%'. */
export function ratePercent(ppm: number): string {
  return `${Number((ppm / 10_000).toFixed(4))}%`;
}

/** What the cart's lines at the general rate are called: 'Wine and spirits', 'Restaurant meals', or both. */
function generalRateSubject(lines: GeneralRateLines): string | undefined {
  // Which meals: a steak picked up at a restaurant read as groceries to the shopper (QA walk 7 #5).
  if (lines.alcohol && lines.meals) return 'Wine, spirits and restaurant meals (Dine-In and Pick-Up) are';
  if (lines.alcohol) return 'Wine and spirits are';
  if (lines.meals) return 'Restaurant meals (Dine-In and Pick-Up) are';
  return undefined;
}

/**
 * The state's note, and where the cart holds lines taxed at the general rate, what they pay:
 * 'CA: groceries are exempt from sales tax. Wine and spirits are taxed at the general rate, 7.25%.'; a cart of those
 * lines only names them alone: 'NY: Wine, spirits and restaurant meals (Dine-In and Pick-Up) are taxed at …'.
 */
export function cartTaxNote(stateNote: string, generalPpm: number, lines: GeneralRateLines): string {
  const subject = generalRateSubject(lines);
  if (subject === undefined || generalPpm <= 0) return stateNote;
  const general = `${subject} taxed at the general rate, ${ratePercent(generalPpm)}.`;
  const state = /^([A-Z]{2}):/.exec(stateNote.trim())?.[1];
  if (!lines.groceries && state !== undefined && /grocer/i.test(stateNote)) return `${state}: ${general}`;
  const sentence = /[.!?]$/.test(stateNote.trim()) ? stateNote.trim() : `${stateNote.trim()}.`;
  return `${sentence} ${general}`;
}
