import type { SnapshotFrom } from 'xstate';
import type { productReviewsMachine } from './product-reviews.machine.ts';

/** The door to a product's reviews (docs/decisions/032): the list, its pages and the review form. Views import this file only. */
export { productReviewsMachine, draftErrors, type ProductReviewsEvent, type ReviewDraft, type DraftErrors } from './product-reviews.machine.ts';

type ProductReviewsSnapshot = SnapshotFrom<typeof productReviewsMachine>;
export const selectReviews = (s: ProductReviewsSnapshot) => s.context.reviews;
export const selectReviewFigures = (s: ProductReviewsSnapshot) => s.context.figures;
export const selectReviewPage = (s: ProductReviewsSnapshot) => s.context.page;
export const selectReviewPages = (s: ProductReviewsSnapshot) => s.context.totalPages;
export const selectReviewDraft = (s: ProductReviewsSnapshot) => s.context.draft;
export const selectReviewErrors = (s: ProductReviewsSnapshot) => s.context.errors;
export const selectReviewMessage = (s: ProductReviewsSnapshot) => s.context.message;
export const selectReviewsLoading = (s: ProductReviewsSnapshot) => s.matches({ list: 'loading' });
export const selectReviewsFailed = (s: ProductReviewsSnapshot) => s.matches({ list: 'failed' });
export const selectFormOpen = (s: ProductReviewsSnapshot) => s.matches({ form: 'editing' }) || s.matches({ form: 'submitting' });
export const selectSubmitting = (s: ProductReviewsSnapshot) => s.matches({ form: 'submitting' });
/**
 * Whether the review's rating, title and text can be changed: only while it is edited. While it is sent the machine
 * takes no change (one typed then would be gone when a refusal brings the form back), so the form disables its fields.
 */
export const selectReviewEditable = (s: ProductReviewsSnapshot) => s.can({ type: 'review.title', title: '' });
export const selectReviewWritten = (s: ProductReviewsSnapshot) => s.matches({ form: 'written' });
