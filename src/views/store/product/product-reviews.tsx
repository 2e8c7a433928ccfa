import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ProductDetail } from '../../../api/contract/product.contract.ts';
import {
  productReviewsMachine,
  selectFormOpen,
  selectReviewDraft,
  selectReviewEditable,
  selectReviewErrors,
  selectReviewFigures,
  selectReviewMessage,
  selectReviewPage,
  selectReviewPages,
  selectReviews,
  selectReviewsFailed,
  selectReviewsLoading,
  selectReviewWritten,
  selectSubmitting,
} from '../../../machines/reviews/index.ts';
import { pageNeighbours, paginationItems } from '../../../rules/pagination.ts';
import { barPercent, REVIEWS_PER_PAGE, reviewDate, reviewMessages } from '../../../rules/reviews.ts';
import { fieldError, primaryButton, secondaryButton } from '../../../styles/controls.css.ts';
import { TextField } from '../../controls/text-field.tsx';
import * as pager from '../listing/pagination-nav.css.ts';
import * as css from './product-reviews.css.ts';
import { useShownMessage } from '../../layout/shown-message.ts';

type ReviewsActor = ReturnType<typeof useReviewsActor>;

/** What the reviews read of the product: its id, newest page and figures. */
type ReviewedProduct = Pick<ProductDetail, 'id' | 'reviews' | 'review_count' | 'rating' | 'rating_breakdown'>;

function useReviewsActor(product: ReviewedProduct) {
  return useActorRef(productReviewsMachine, {
    input: {
      productId: product.id,
      reviews: product.reviews,
      figures: { review_count: product.review_count, rating: product.rating, rating_breakdown: product.rating_breakdown },
      perPage: REVIEWS_PER_PAGE,
    },
  });
}

/** '★★★★☆' for 4 stars, with the words for screen readers beside it. */
function Stars({ rating }: { rating: number }) {
  const whole = Math.round(rating);
  return (
    <span className={css.stars} role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(whole)}
      {'☆'.repeat(5 - whole)}
    </span>
  );
}

/** The product page's reviews: figures, breakdown, newest first in pages, and the form for a customer who received it. */
export function ProductReviews({ product }: { product: ReviewedProduct }) {
  const actor = useReviewsActor(product);
  const reviews = useSelector(actor, selectReviews);
  const figures = useSelector(actor, selectReviewFigures);
  const page = useSelector(actor, selectReviewPage);
  const pages = useSelector(actor, selectReviewPages);
  const loading = useSelector(actor, selectReviewsLoading);
  const failed = useSelector(actor, selectReviewsFailed);
  const message = useShownMessage(useSelector(actor, selectReviewMessage));
  const formOpen = useSelector(actor, selectFormOpen);
  const written = useSelector(actor, selectReviewWritten);
  const { previous, next } = pageNeighbours(page, pages);

  const pageButton = (target: number | undefined, label: string, current = false) => (
    <button
      type="button"
      className={pager.link}
      aria-current={current ? 'page' : undefined}
      aria-disabled={target === undefined ? 'true' : undefined}
      disabled={target === undefined || loading}
      onClick={() => target !== undefined && !current && actor.send({ type: 'reviews.page', page: target })}
    >
      {label}
    </button>
  );

  return (
    <section aria-labelledby="reviews-title" className={css.section}>
      <h2 id="reviews-title">Customer Reviews</h2>
      <div className={css.top}>
        <div>
          <p className={css.average}>{figures.rating}</p>
          <Stars rating={Number(figures.rating)} />
          <p className={css.meta}>
            {figures.review_count} {figures.review_count === 1 ? 'review' : 'reviews'}
          </p>
          <ul className={css.bars} aria-label="Rating breakdown">
            {figures.rating_breakdown.map((bar) => (
              <li key={bar.stars} className={css.bar}>
                <span>{bar.stars} star</span>
                <span className={css.track} aria-hidden="true">
                  <span className={css.fill} style={{ width: `${barPercent(bar, figures.rating_breakdown)}%`, display: 'block' }} />
                </span>
                <span>{bar.count}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          {written && <p role="status">{reviewMessages.thanks}</p>}
          {formOpen && <ReviewForm actor={actor} />}
          {failed && (
            <p className={css.error} role="alert">
              {message}{' '}
              <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'reviews.retry' })}>
                Retry
              </button>
            </p>
          )}
          {reviews.length === 0 ? (
            <p className={css.meta}>{reviewMessages.noReviews}</p>
          ) : (
            <ol className={css.list} aria-label="Reviews, newest first" aria-busy={loading}>
              {reviews.map((review) => (
                <li key={review.id} className={css.item}>
                  <Stars rating={review.rating} />
                  <h3 className={css.title}>{review.title}</h3>
                  <p className={css.meta}>
                    {review.nickname} · {reviewDate(review.created_at)}
                  </p>
                  <p className={css.detail}>{review.detail}</p>
                </li>
              ))}
            </ol>
          )}
          {pages > 1 && (
            <nav aria-label="Review pages">
              <ul className={pager.list}>
                <li>{pageButton(previous, 'Previous')}</li>
                {paginationItems(page, pages).map((item, index) =>
                  item.kind === 'break' ? (
                    <li key={`break-${index}`} className={pager.gap}>
                      …
                    </li>
                  ) : (
                    <li key={item.page}>{pageButton(item.page, String(item.page + 1), item.page === page)}</li>
                  ),
                )}
                <li>{pageButton(next, 'Next')}</li>
              </ul>
            </nav>
          )}
        </div>
      </div>
    </section>
  );
}

function ReviewForm({ actor }: { actor: ReviewsActor }) {
  const draft = useSelector(actor, selectReviewDraft);
  const errors = useSelector(actor, selectReviewErrors);
  const submitting = useSelector(actor, selectSubmitting);
  const editable = useSelector(actor, selectReviewEditable);
  const message = useShownMessage(useSelector(actor, selectReviewMessage));
  const detailId = useId();
  return (
    <form
      className={css.form}
      aria-label="Write a review"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'review.submit' });
      }}
    >
      <h3>Write a review</h3>
      <fieldset className={css.ratingChoices} aria-describedby={errors.rating ? `${detailId}-rating` : undefined}>
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label key={stars}>
            <input
              type="radio"
              name="rating"
              value={stars}
              checked={draft.rating === stars}
              disabled={!editable}
              onChange={() => actor.send({ type: 'review.rating', rating: stars })}
            />{' '}
            {stars} {stars === 1 ? 'star' : 'stars'}
          </label>
        ))}
      </fieldset>
      {errors.rating && (
        <p id={`${detailId}-rating`} className={fieldError}>
          {errors.rating}
        </p>
      )}
      <TextField
        label="Title"
        value={draft.title}
        error={errors.title}
        disabled={!editable}
        onChange={(title) => actor.send({ type: 'review.title', title })}
      />
      <label htmlFor={detailId}>Your review</label>
      <textarea
        id={detailId}
        className={css.textarea}
        value={draft.detail}
        disabled={!editable}
        aria-invalid={errors.detail ? true : undefined}
        aria-describedby={errors.detail ? `${detailId}-error` : undefined}
        onChange={(event) => actor.send({ type: 'review.detail', detail: event.target.value })}
      />
      {errors.detail && (
        <p id={`${detailId}-error`} className={fieldError}>
          {errors.detail}
        </p>
      )}
      {message && (
        <p className={css.error} role="alert">
          {message}
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={submitting}>
        {submitting ? 'Sending…' : 'Submit review'}
      </button>
    </form>
  );
}
