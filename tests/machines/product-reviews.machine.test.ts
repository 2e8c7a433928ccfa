import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { Review, ReviewsReply, WriteReviewReply } from '../../src/api/contract/reviews.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import { selectReviewEditable } from '../../src/machines/reviews/index.ts';
import { productReviewsMachine, type ProductReviewsContext, type ReviewDraft } from '../../src/machines/reviews/product-reviews.machine.ts';
import { reviewMessages } from '../../src/rules/reviews.ts';
import { done, failed, labelled } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const { label, eventName } = labelled();

const review = (id: number, rating = 5): Review => ({
  id,
  nickname: 'Maria G.',
  title: `Review ${id}`,
  detail: 'Great.',
  rating,
  created_at: `2026-11-0${(id % 9) + 1}T12:00:00Z`,
});
const bars = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: stars === 5 ? 12 : 0 }));
const figures = { review_count: 12, rating: '5.0', rating_breakdown: bars };
const input = { productId: 7, reviews: [review(12), review(11)], figures, perPage: 5 };

function page(current: number, canReview: boolean): ReviewsReply {
  return {
    code: 1,
    data: {
      reviews: [review(10 - current)],
      pagination: { total_records: 12, total_page: 3, limit: 5, current_page: current },
      ...figures,
      can_review: canReview,
    },
  };
}

const eligible = label('loadPage: may review', done('loadPage', page(0, true)));
const notEligible = label('loadPage: may not review', done('loadPage', page(0, false)));
const loadOffline = label('loadPage: offline', failed('loadPage'));
const written: WriteReviewReply = { code: 1, message: reviewMessages.thanks, data: review(99, 4) };
const sent = label('sendReview: saved', done('sendReview', written));
const refused = label('sendReview: 409', failed('sendReview', new ApiError(reviewMessages.alreadyReviewed, 409, 0)));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [];
  if (snapshot.matches({ list: 'loading' })) events.push(eligible, notEligible, loadOffline);
  if (snapshot.matches({ list: 'failed' })) events.push({ type: 'reviews.retry' });
  events.push({ type: 'reviews.page', page: 2 });
  if (snapshot.matches({ form: 'editing' })) {
    events.push(
      { type: 'review.submit' },
      { type: 'review.rating', rating: 4 },
      { type: 'review.title', title: 'Good' },
      { type: 'review.detail', detail: 'Tasty.' },
    );
  }
  if (snapshot.matches({ form: 'submitting' })) events.push(sent, refused);
  return events;
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as ProductReviewsContext;
  return JSON.stringify([snapshot.value, c.page, c.canReview, c.draft, Object.keys(c.errors), c.message ?? null]);
};

describe('product reviews paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const plans = planPaths(productReviewsMachine, { input, events: eventsFor, serializeState });
  it.each(plans.map((p): [string, PathPlan] => [p.events.map(eventName).join(' → ') || '(initial)', p]))('%s', (_name, plan) => {
    const result = replay(productReviewsMachine, plan, input);
    result.transitions.forEach((t) => taken.add(t));
    result.states.forEach((s) => reached.add(s));
    expect(result.snapshot.value).toEqual(plan.expected.value);
    const context = result.snapshot.context as ProductReviewsContext;
    // A review is only ever sent with every field fitting its rule.
    if (result.snapshot.matches({ form: 'submitting' })) expect(context.draft).toEqual({ rating: 4, title: 'Good', detail: 'Tasty.' });
  });

  it(coverageTitle(productReviewsMachine), () => {
    expect([...allStateIds(productReviewsMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(productReviewsMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('product reviews behaviour', () => {
  it('shows the product’s first page at once, names each bad field, sends once, then shows the first page again', async () => {
    const asked: number[] = [];
    const sentDrafts: unknown[] = [];
    const machine = productReviewsMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input: request }: { input: { productId: number; page: number } }) => {
          asked.push(request.page);
          return page(request.page, sentDrafts.length === 0);
        }),
        sendReview: fromPromise(async ({ input: request }: { input: { productId: number; draft: ReviewDraft } }) => {
          sentDrafts.push(request.draft);
          return written;
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    expect(actor.getSnapshot().context.reviews.map((r) => r.id)).toEqual([12, 11]);
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    actor.send({ type: 'review.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      rating: reviewMessages.ratingRequired,
      title: reviewMessages.titleRequired,
      detail: reviewMessages.detailRequired,
    });
    actor.send({ type: 'review.rating', rating: 3 });
    expect(actor.getSnapshot().context.errors.rating).toBeUndefined();
    actor.send({ type: 'review.title', title: 'Fine' });
    actor.send({ type: 'review.detail', detail: 'It was fine.' });
    actor.send({ type: 'review.submit' });
    await waitFor(actor, (s) => s.matches({ form: 'written' }) && s.matches({ list: 'showing' }));
    expect(sentDrafts).toEqual([{ rating: 3, title: 'Fine', detail: 'It was fine.' }]);
    expect(asked).toEqual([0, 0]);
    actor.send({ type: 'reviews.page', page: 2 });
    await waitFor(actor, (s) => s.matches({ list: 'showing' }) && s.context.page === 2);
    expect(asked).toEqual([0, 0, 2]);
  });

  it('enables the rating, title and text exactly where the machine takes them: not while the review is sent', async () => {
    let answer: { resolve: (reply: WriteReviewReply) => void; reject: (error: unknown) => void } = {
      resolve: () => undefined,
      reject: () => undefined,
    };
    const machine = productReviewsMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input: request }: { input: { productId: number; page: number } }) => page(request.page, true)),
        sendReview: fromPromise(() => new Promise<WriteReviewReply>((resolve, reject) => (answer = { resolve, reject }))),
      },
    });
    const actor = createActor(machine, { input });
    const seen = new Map<string, boolean>();
    actor.subscribe((s) => {
      const form = JSON.stringify((s.value as { form: unknown }).form);
      seen.set(form, selectReviewEditable(s));
      for (const event of [
        { type: 'review.rating', rating: 4 },
        { type: 'review.title', title: 'Good' },
        { type: 'review.detail', detail: 'Tasty.' },
      ] as const)
        expect(selectReviewEditable(s), `${form} ${event.type}`).toBe(s.can(event));
    });
    actor.start();
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    expect(selectReviewEditable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'review.rating', rating: 4 });
    actor.send({ type: 'review.title', title: 'Good' });
    actor.send({ type: 'review.detail', detail: 'Tasty.' });
    actor.send({ type: 'review.submit' });
    expect(actor.getSnapshot().matches({ form: 'submitting' })).toBe(true);
    expect(selectReviewEditable(actor.getSnapshot())).toBe(false);
    // Refused: the form comes back with what was typed, and takes changes again.
    answer.reject(new ApiError(reviewMessages.alreadyReviewed, 409, 0));
    await waitFor(actor, (s) => s.matches({ form: 'editing' }));
    expect(selectReviewEditable(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'review.submit' });
    answer.resolve(written);
    await waitFor(actor, (s) => s.matches({ form: 'written' }));
    expect(Object.fromEntries(seen)).toEqual({ '"hidden"': false, '"editing"': true, '"submitting"': false, '"written"': false });
    actor.stop();
  });
});
