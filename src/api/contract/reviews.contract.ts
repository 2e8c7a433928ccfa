import { array, boolean, define, number, object, optional, string, type, type Infer } from 'superstruct';
import { coerce } from './coerce.ts';
import { ratingError, reviewDetailError, reviewTitleError } from '../../rules/reviews.ts';
import { pageField, pagination } from './catalogue.contract.ts';
import { envelope } from './envelope.ts';
import { callerFields, numericId, ruleField, storeField } from './fields.ts';

/** One review as the product page shows it: words are plain text (the page never renders them as HTML). */
export const review = type({
  id: number(),
  nickname: string(),
  title: string(),
  detail: string(),
  rating: number(),
  /** ISO 8601. */
  created_at: string(),
});
export type Review = Infer<typeof review>;

/** How many reviews gave each star rating, 5 stars first (always five entries). */
export const ratingBar = type({ stars: number(), count: number() });
export const ratingBreakdown = array(ratingBar);

/** What the product detail carries besides its first page of reviews (review_count is the spec's). */
export const reviewFigures = {
  review_count: number(),
  /** The average, one decimal: '4.2' ('0.0' with none). */
  rating: string(),
  rating_breakdown: ratingBreakdown,
};

const reviewLimit = optional(
  coerce(
    define<number>(
      'limit',
      (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 20) || 'limit must be a whole number from 1 to 20.',
    ),
    string(),
    (text) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : text),
  ),
);

/** GET /connect/index/reviews?prodid=&page=&limit=: one page of a product's reviews, newest first (page from 0). */
export const reviewsQuery = object({ prodid: numericId('prodid'), ...storeField, page: pageField, limit: reviewLimit });
export type ReviewsQuery = Infer<typeof reviewsQuery>;

export const reviewsData = type({
  reviews: array(review),
  pagination,
  ...reviewFigures,
  /** Whether the signed-in caller may write a review of it now (false for guests). */
  can_review: boolean(),
});
export type ReviewsData = Infer<typeof reviewsData>;
export const reviewsReply = envelope(reviewsData);
export type ReviewsReply = Infer<typeof reviewsReply>;

/** POST /api/product/review: a signed-in customer who received the product reviews it. */
export const writeReviewBody = object({
  ...callerFields,
  product_id: numericId('product_id'),
  rating: define<number>('rating', (v) => ratingError(v) ?? true),
  title: ruleField('title', reviewTitleError),
  detail: ruleField('detail', reviewDetailError),
});
export type WriteReviewBody = Infer<typeof writeReviewBody>;

export const writeReviewReply = envelope(review);
export type WriteReviewReply = Infer<typeof writeReviewReply>;
