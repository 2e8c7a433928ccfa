import type { FastifyPluginAsync } from 'fastify';
import { reviewsQuery, writeReviewBody, type ReviewsReply, type WriteReviewReply } from '../../src/api/contract/reviews.contract.ts';
import { REVIEWS_PER_PAGE, reviewMessages } from '../../src/rules/reviews.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller, requireCaller } from '../http/auth.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { reviewsPage } from '../services/catalogue/reviews.ts';
import { reviewEligibility, writeReview } from '../services/checkout/review-writing.ts';

const productNotFound = 'Product not found';

/** Reviews: a product's pages of reviews (anyone), and a review by a customer who received the product. */
export function reviewRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/connect/index/reviews', async (request): Promise<ReviewsReply> => {
      const query = parseWith(reviewsQuery, request.query);
      const caller = await optionalCaller(request, deps.db);
      const page = await reviewsPage(deps.db, query.prodid, query.page, query.limit ?? REVIEWS_PER_PAGE);
      if (page.kind === 'not-found') throw notFound(productNotFound);
      const canReview = caller ? (await reviewEligibility(deps.db, caller.customerId, query.prodid)).kind === 'eligible' : false;
      return { code: 1, data: { ...page.data, can_review: canReview } };
    });

    app.post('/api/product/review', async (request): Promise<WriteReviewReply> => {
      const caller = await requireCaller(request, deps.db);
      const body = parseWith(writeReviewBody, request.body);
      const result = await writeReview(deps.db, caller.customerId, body.product_id, body, deps.clock());
      if (result.kind === 'not-found') throw notFound(productNotFound);
      // Refused, not hidden: the product is public, and so is the rule that only its buyers review it.
      if (result.kind === 'not-bought') throw new HttpError(403, reviewMessages.notEligible, { code: 0, message: reviewMessages.notEligible });
      if (result.kind === 'all-reviewed')
        throw new HttpError(409, reviewMessages.alreadyReviewed, { code: 0, message: reviewMessages.alreadyReviewed });
      return { code: 1, message: reviewMessages.thanks, data: result.review };
    });
  };
}
