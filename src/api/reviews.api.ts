import { reviewsReply, writeReviewReply, type ReviewsReply, type WriteReviewBody, type WriteReviewReply } from './contract/reviews.contract.ts';
import { call, type Sent } from './http.ts';

/** GET /connect/index/reviews: one page (from 0) of a product's reviews, newest first; can_review for the caller. */
export function getReviews(productId: number, page: number): Promise<ReviewsReply> {
  return call('/connect/index/reviews', reviewsReply, { query: { prodid: productId, page } });
}

/** POST /api/product/review: the signed-in customer's review of a product they received. */
export function postReview(body: Sent<WriteReviewBody>): Promise<WriteReviewReply> {
  return call('/api/product/review', writeReviewReply, { method: 'POST', body: { ...body } });
}
