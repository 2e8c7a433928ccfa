import { assign, fromPromise, raise, setup } from 'xstate';
import type { Review, ReviewsReply, WriteReviewReply } from '../../api/contract/reviews.contract.ts';
import { ApiError } from '../../api/http.ts';
import { somethingWentWrongMessage } from '../../rules/messages.ts';
import { ratingError, reviewDetailError, reviewTitleError, type RatingBar } from '../../rules/reviews.ts';

export interface ReviewFigures {
  review_count: number;
  rating: string;
  rating_breakdown: RatingBar[];
}

export interface ReviewDraft {
  rating: number;
  title: string;
  detail: string;
}

export type DraftErrors = Partial<Record<keyof ReviewDraft, string>>;

export interface ProductReviewsContext {
  productId: number;
  reviews: Review[];
  figures: ReviewFigures;
  /** The page shown, from 0, and how many there are. */
  page: number;
  totalPages: number;
  canReview: boolean;
  draft: ReviewDraft;
  /** Shown after the first submit: the rule each field breaks. */
  errors: DraftErrors;
  /** Why the last load or submit failed. */
  message: string | undefined;
}

export interface ProductReviewsInput {
  productId: number;
  /** The product page's newest reviews and figures, shown at once. */
  reviews: Review[];
  figures: ReviewFigures;
  perPage: number;
}

export type ProductReviewsEvent =
  | { type: 'reviews.page'; page: number }
  | { type: 'reviews.retry' }
  | { type: 'review.rating'; rating: number }
  | { type: 'review.title'; title: string }
  | { type: 'review.detail'; detail: string }
  | { type: 'review.submit' };

export function draftErrors(draft: ReviewDraft): DraftErrors {
  const errors: DraftErrors = {};
  const rating = ratingError(draft.rating);
  const title = reviewTitleError(draft.title);
  const detail = reviewDetailError(draft.detail);
  if (rating) errors.rating = rating;
  if (title) errors.title = title;
  if (detail) errors.detail = detail;
  return errors;
}

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : somethingWentWrongMessage;
}

/**
 * A product's reviews on its page (issue 23 item 10): the figures and newest reviews come with the product; pages of
 * older ones load on demand. In parallel, a customer who received the product (the server says so in can_review)
 * gets the form: rating, title and text, checked here with the server's own rules, then sent once.
 */
export const productReviewsMachine = setup({
  types: {
    context: {} as ProductReviewsContext,
    input: {} as ProductReviewsInput,
    events: {} as ProductReviewsEvent,
  },
  actors: {
    loadPage: fromPromise<ReviewsReply, { productId: number; page: number }>(async ({ input }) => {
      const { getReviews } = await import('../../api/reviews.api.ts');
      return getReviews(input.productId, input.page);
    }),
    sendReview: fromPromise<WriteReviewReply, { productId: number; draft: ReviewDraft }>(async ({ input }) => {
      const { postReview } = await import('../../api/reviews.api.ts');
      return postReview({ product_id: input.productId, ...input.draft });
    }),
  },
  guards: {
    canReview: ({ context }) => context.canReview,
    draftInvalid: ({ context }) => Object.keys(draftErrors(context.draft)).length > 0,
  },
  actions: {
    assignPage: assign((_, params: { reply: ReviewsReply }) => {
      const data = params.reply.data;
      if (params.reply.code !== 1 || !data) return { message: params.reply.message ?? somethingWentWrongMessage };
      return {
        reviews: data.reviews,
        page: data.pagination.current_page,
        totalPages: data.pagination.total_page,
        figures: { review_count: data.review_count, rating: data.rating, rating_breakdown: data.rating_breakdown },
        canReview: data.can_review,
        message: undefined,
      };
    }),
    assignFailure: assign((_, params: { error: unknown }) => ({ message: failureMessage(params.error) })),
    assignRequestedPage: assign(({ event }) => (event.type === 'reviews.page' ? { page: event.page } : {})),
    assignDraft: assign(({ context, event }) => {
      if (event.type === 'review.rating') return { draft: { ...context.draft, rating: event.rating } };
      if (event.type === 'review.title') return { draft: { ...context.draft, title: event.title } };
      if (event.type === 'review.detail') return { draft: { ...context.draft, detail: event.detail } };
      return {};
    }),
    assignErrors: assign(({ context }) => ({ errors: draftErrors(context.draft) })),
    refreshErrors: assign(({ context }) => (Object.keys(context.errors).length > 0 ? { errors: draftErrors(context.draft) } : {})),
    assignWritten: assign({ canReview: false, message: undefined }),
    raiseFirstPage: raise({ type: 'reviews.page', page: 0 }),
  },
}).createMachine({
  description:
    "A product's reviews on /store/{productId}: count, average and star breakdown, newest first in pages, and the review form for a customer who received the product (one review per product and order line).",
  id: 'productReviews',
  type: 'parallel',
  context: ({ input }) => ({
    productId: input.productId,
    reviews: input.reviews,
    figures: input.figures,
    page: 0,
    totalPages: Math.ceil(input.figures.review_count / input.perPage),
    canReview: false,
    draft: { rating: 0, title: '', detail: '' },
    errors: {},
    message: undefined,
  }),
  states: {
    list: {
      description: 'The reviews shown: one page, newest first.',
      initial: 'loading',
      states: {
        loading: {
          description: "The page's reviews, the figures and whether the caller may write one are being read.",
          // Within the list region only: a transition on the region itself would leave and re-enter the form too.
          on: {
            'reviews.page': {
              description: 'Another page asked for meanwhile: read that one.',
              target: 'loading',
              reenter: true,
              actions: 'assignRequestedPage',
            },
          },
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ productId: context.productId, page: context.page }),
            onDone: {
              target: 'showing',
              description: 'The page of reviews arrived: its reviews, the average and the breakdown are shown.',
              actions: { type: 'assignPage', params: ({ event }) => ({ reply: event.output }) },
            },
            onError: {
              target: 'failed',
              description: 'The reviews could not be read: the list says so and offers to try again.',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        showing: {
          description: 'One page of reviews with the pager.',
          on: {
            'reviews.page': {
              description: 'Another page asked for (or the first again after a review).',
              target: 'loading',
              actions: 'assignRequestedPage',
            },
          },
        },
        failed: {
          description: 'The page could not be read: the reason and a retry.',
          on: {
            'reviews.retry': { description: 'The shopper retries.', target: 'loading' },
            'reviews.page': { description: 'Another page asked for.', target: 'loading', actions: 'assignRequestedPage' },
          },
        },
      },
    },
    form: {
      description: 'The review form, for a customer who received the product.',
      initial: 'hidden',
      states: {
        hidden: {
          description: 'No form: a guest, a customer who did not buy it, or one who has reviewed every order of it.',
          always: { guard: 'canReview', target: 'editing', description: 'The server says the caller may review it.' },
        },
        editing: {
          description: 'Rating, title and text being filled in.',
          on: {
            'review.rating': { description: 'Stars chosen.', actions: ['assignDraft', 'refreshErrors'] },
            'review.title': { description: 'Title typed.', actions: ['assignDraft', 'refreshErrors'] },
            'review.detail': { description: 'Text typed.', actions: ['assignDraft', 'refreshErrors'] },
            'review.submit': [
              { description: 'A field breaks its rule: each is named.', guard: 'draftInvalid', actions: 'assignErrors' },
              { description: 'All fields fit: the review is sent.', target: 'submitting', actions: assign({ errors: {} }) },
            ],
          },
        },
        submitting: {
          description: 'The review is being saved.',
          invoke: {
            id: 'sendReview',
            src: 'sendReview',
            input: ({ context }) => ({ productId: context.productId, draft: context.draft }),
            onDone: {
              description: 'The review was saved: it is thanked for and shown first in the list.',
              target: 'written',
              actions: ['assignWritten', 'raiseFirstPage'],
            },
            onError: {
              target: 'editing',
              description: 'The review was refused (a field, already reviewed, not bought): the form says why and keeps what was typed.',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        written: { description: "'Thank you for your review.': the list shows it first." },
      },
    },
  },
});
