/** Money is integer cents in every computation; the API carries dollars as strings with two decimals. */
export function centsToDollars(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '12.50' → 1250; returns undefined for anything that is not a 2-decimal dollar amount. */
export function dollarsToCents(dollars: string): number | undefined {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(dollars);
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/**
 * The API's dollars as shoppers see them: '12.50' → '$12.50', '-3.00' → '-$3.00', '1234.50' → '$1,234.50' (US
 * grouping). Text that is not a two-decimal dollar amount is returned as is rather than shown as '$NaN'.
 * Written out rather than with Intl.NumberFormat: the amounts are whole cents, so the result is exact, and building a
 * currency formatter loads the locale's currency data, the costliest step of the app's first script (about 15 ms on
 * this machine's Chromium, 60 ms on a phone-speed CPU: Lighthouse's Total Blocking Time, issue 22).
 */
export function formatMoney(dollars: string): string {
  const cents = dollarsToCents(dollars);
  if (cents === undefined) return dollars;
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** A discount as every price summary shows it: taken off, so with a minus sign ('-$5.00'); none reads '$0.00'. */
export function formatDiscount(dollars: string): string {
  return (dollarsToCents(dollars) ?? 0) > 0 ? formatMoney(`-${dollars}`) : formatMoney(dollars);
}

/**
 * `amount` spread over parts in proportion to their weights, the cents left over by rounding down going to the
 * largest remainders (the earlier part on a tie), so the shares add up to `amount` exactly.
 */
export function spreadCents(weights: readonly number[], amount: number): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => weight * amount);
  const shares = exact.map((value) => Math.floor(value / total));
  let left = amount - shares.reduce((sum, share) => sum + share, 0);
  const order = exact.map((value, index) => ({ index, remainder: value % total })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** numerator / denominator rounded half up, for non-negative integers (so 0.5 cent becomes 1 cent). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  if (numerator < 0 || denominator <= 0) throw new RangeError('divideRoundHalfUp takes a non-negative numerator');
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}
