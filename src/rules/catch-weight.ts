import { centsToDollars, formatMoney } from './money.ts';
import { estimateLabel, formatWeighedPounds, weightMarginPercent } from './weight-estimate.ts';

/**
 * Catch-weight pricing and substitutions (issue 24 items 4-5, decision 039). A product sold by weight
 * (products.sold_by_weight) is priced at its nominal weight (the variant's size): that price is the estimate. The seller
 * weighs each such line when packing, and the line then costs its price × weighed / nominal, capped at the estimate
 * plus the margin: the card was authorised for exactly that much, so the capture never needs the shopper again. A
 * substituted line costs the substitute's price but never more than the line it replaces; a refused or out line costs
 * nothing. One function (finalCents) computes what the order costs in the end, for the server's capture and the
 * shopper's page.
 */

// What a card, the product page and the cart say about a weighed line lives in weight-estimate.ts (the first load
// takes it, not the rest of this file); re-exported here, where the rest of the rule reads it.
export {
  cardEstimate,
  estimateLabel,
  formatPounds,
  formatWeighedPounds,
  gramsPerPound,
  lineEstimate,
  weightMarginPercent,
} from './weight-estimate.ts';
/** The margin on an estimate, in cents (rounded up: the hold always covers the capped weight). */
export function marginCents(estimateCents: number): number {
  return Math.ceil((estimateCents * weightMarginPercent) / 100);
}

/** What the card is authorised for: the order's estimated total plus the margin on its weighed lines' estimate. */
export function authorisedCents(grandTotalCents: number, weighedEstimateCents: number): number {
  return grandTotalCents + marginCents(weighedEstimateCents);
}

/** The cap rule, in the shopper's words (on the order and in decision 039). */
export const capRule = `A weighed item never costs more than its estimate plus ${weightMarginPercent}%: anything heavier is on us.`;

export const substitutionPreferences = ['similar', 'same_brand', 'refund'] as const;
export type SubstitutionPreference = (typeof substitutionPreferences)[number];
export const defaultSubstitutionPreference: SubstitutionPreference = 'similar';

export const substitutionPreferenceLabels: Readonly<Record<SubstitutionPreference, string>> = {
  similar: 'Allow a similar product',
  same_brand: 'Same brand and cut only',
  refund: 'Refund if out of stock',
};

export function isSubstitutionPreference(value: string): value is SubstitutionPreference {
  return (substitutionPreferences as readonly string[]).includes(value);
}

/** proposed: the seller offers a substitute; approved/refused: the shopper's (or the preference's) answer; out: no substitute. */
export const substitutionStates = ['proposed', 'approved', 'refused', 'out'] as const;
export type SubstitutionState = (typeof substitutionStates)[number];

export const substitutionStateLabels: Readonly<Record<SubstitutionState, string>> = {
  proposed: 'Substitute offered',
  approved: 'Substituted',
  refused: 'Substitute refused: not charged',
  out: 'Out of stock: not charged',
};

/** What the seller's proposal must share with the ordered product under each preference (none: no proposal at all). */
export function substituteAllowed(
  preference: SubstitutionPreference,
  ordered: { category_id: number; brand_name: string },
  substitute: { category_id: number; brand_name: string },
): boolean {
  if (preference === 'refund') return false;
  if (ordered.category_id !== substitute.category_id) return false;
  return preference === 'similar' || ordered.brand_name === substitute.brand_name;
}

/**
 * A proposal the shopper has not answered when the seller packs: the preference decides. Both substituting
 * preferences said yes in advance (the seller could only propose what they allow); 'refund' never has a proposal.
 */
export function unansweredDecision(preference: SubstitutionPreference): 'approved' | 'refused' {
  return preference === 'refund' ? 'refused' : 'approved';
}

/** One order line as the final amount needs it. */
export interface PricedLine {
  row_total_cents: number;
  tax_cents: number;
  bottle_size: number;
  qty: number;
  sold_by_weight: boolean;
  weighed_grams: number | null;
  substitution_state: SubstitutionState | null;
  substitute_price_cents: number | null;
}

/** A line's goods after weighing or substitution, before tax (its row total when nothing changed). */
export function lineFinalCents(line: PricedLine): number {
  if (line.substitution_state === 'out' || line.substitution_state === 'refused') return 0;
  if (line.substitution_state === 'approved' && line.substitute_price_cents !== null) {
    return Math.min(line.substitute_price_cents * line.qty, line.row_total_cents);
  }
  if (line.substitution_state === 'proposed') return line.row_total_cents;
  if (line.sold_by_weight && line.weighed_grams !== null && line.bottle_size > 0) {
    const nominal = line.bottle_size * line.qty;
    const weighed = Math.round((line.row_total_cents * line.weighed_grams) / nominal);
    return Math.min(weighed, line.row_total_cents + marginCents(line.row_total_cents));
  }
  return line.row_total_cents;
}

/** Whether the weighed amount was cut to the margin (the order says so). */
export function lineCapped(line: PricedLine): boolean {
  if (!line.sold_by_weight || line.weighed_grams === null || line.bottle_size <= 0 || line.substitution_state !== null) return false;
  return line.row_total_cents * line.weighed_grams > (line.row_total_cents + marginCents(line.row_total_cents)) * line.bottle_size * line.qty;
}

/**
 * The order's final total: the estimate with each line's change (and its tax in proportion) applied. Fees, tip and
 * discount stay as placed; never below zero.
 */
export function finalCents(grandTotalCents: number, lines: readonly PricedLine[]): number {
  let total = grandTotalCents;
  for (const line of lines) {
    const goods = lineFinalCents(line);
    if (goods === line.row_total_cents) continue;
    const tax = line.row_total_cents === 0 ? 0 : Math.round((line.tax_cents * goods) / line.row_total_cents);
    total += goods - line.row_total_cents + tax - line.tax_cents;
  }
  return Math.max(0, total);
}

/** The order's words for its estimate and final amount ('Estimated $41.20 · Final $39.87'). */
export function estimateAndFinal(estimateCents: number, finalTotal: number | null): string {
  const estimate = `Estimated ${formatMoney(centsToDollars(estimateCents))}`;
  return finalTotal === null ? estimate : `${estimate} · Final ${formatMoney(centsToDollars(finalTotal))}`;
}

/** One order line's catch-weight and substitution facts as the shopper's order shows them (absent: nothing to say). */
export interface LineFacts {
  product_qty: number;
  bottle_size: number;
  row_total: string;
  sold_by_weight?: boolean | undefined;
  weighed_grams?: number | null | undefined;
  final_row_total?: string | null | undefined;
  capped?: boolean | undefined;
  substitution_state?: SubstitutionState | null | undefined;
  substitute_name?: string | null | undefined;
}

/** 'about 1.1 lb, est. $18.40 · weighed 1.0 lb: $16.73' or 'Substituted: Salmon Fillet · $15.00', or undefined. */
export function lineNote(line: LineFacts): string | undefined {
  const parts: string[] = [];
  if (line.substitution_state) {
    parts.push(`${substitutionStateLabels[line.substitution_state]}${line.substitute_name ? `: ${line.substitute_name}` : ''}`);
  } else if (line.sold_by_weight && line.bottle_size > 0) {
    parts.push(estimateLabel(line.bottle_size * line.product_qty, Math.round(Number(line.row_total) * 100)));
    if (line.weighed_grams !== null && line.weighed_grams !== undefined) parts.push(`weighed ${formatWeighedPounds(line.weighed_grams)}`);
    if (line.capped) parts.push(`capped at +${weightMarginPercent}%`);
  }
  if (parts.length === 0) return undefined;
  if (line.final_row_total !== null && line.final_row_total !== undefined) parts.push(`final ${formatMoney(line.final_row_total)}`);
  return parts.join(' · ');
}
