/**
 * Reviews (issue 23 item 10): the form's rules and words, shared by the form, the server's 400s and the views.
 */

export const REVIEW_TITLE_MAX = 100;
export const REVIEW_DETAIL_MAX = 2000;
/** Reviews per page on the product page (its first page comes with the product). */
export const REVIEWS_PER_PAGE = 5;

export const reviewMessages = {
  ratingRequired: 'Please choose a rating from 1 to 5 stars.',
  titleRequired: 'Please give your review a title.',
  titleTooLong: `The title may be at most ${REVIEW_TITLE_MAX} characters.`,
  detailRequired: 'Please write your review.',
  detailTooLong: `The review may be at most ${REVIEW_DETAIL_MAX} characters.`,
  /** A customer with no paid order line of the product (or none left without a review). */
  notEligible: 'You can review a product once you have received it.',
  alreadyReviewed: 'You have already reviewed this product for each order it was in.',
  thanks: 'Thank you for your review.',
  noReviews: 'No reviews yet.',
} as const;

export function ratingError(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5 ? undefined : reviewMessages.ratingRequired;
}

export function reviewTitleError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return reviewMessages.titleRequired;
  return text.length > REVIEW_TITLE_MAX ? reviewMessages.titleTooLong : undefined;
}

export function reviewDetailError(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return reviewMessages.detailRequired;
  return text.length > REVIEW_DETAIL_MAX ? reviewMessages.detailTooLong : undefined;
}

/** Stars per rating, 5 first, as the breakdown lists them. */
export interface RatingBar {
  stars: number;
  count: number;
}

/** The average to one decimal ('4.2'), '0.0' with no reviews. */
export function averageRating(bars: readonly RatingBar[]): string {
  const count = bars.reduce((n, b) => n + b.count, 0);
  if (count === 0) return '0.0';
  return (bars.reduce((n, b) => n + b.stars * b.count, 0) / count).toFixed(1);
}

/** A bar's width in percent of all reviews, whole numbers. */
export function barPercent(bar: RatingBar, bars: readonly RatingBar[]): number {
  const count = bars.reduce((n, b) => n + b.count, 0);
  return count === 0 ? 0 : Math.round((bar.count / count) * 100);
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * 'Reviewed on Nov 1, 2026' style date for an ISO timestamp, in UTC so server and browser agree. Written out rather
 * than with Intl (the en-US short date): the first Intl formatter a page builds loads the locale's data, about 50 ms
 * of a phone's main thread on the product page (Lighthouse's Total Blocking Time, issue 22).
 */
export function reviewDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${monthNames[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
