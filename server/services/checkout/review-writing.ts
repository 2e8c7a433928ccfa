import { sql, type Kysely } from 'kysely';
import type { Review } from '../../../src/api/contract/reviews.contract.ts';
import type { Database, OrderStatus } from '../../db/schema.ts';
import { completingStates, type FulfilmentState } from '../../../src/rules/fulfilment.ts';
import { reviewColumns, reviewOf, type ReviewRow } from '../catalogue/reviews.ts';

/** Orders whose lines may be reviewed: paid (processing, complete) or confirmed to be paid on delivery... */
export const reviewableStatuses: readonly OrderStatus[] = ['processing', 'complete', 'pending_payment_on_delivery'];
/**
 * ...and received ("a customer who received the product", issue 23): the order's fulfilment ended delivered, picked up
 * or served (src/rules/fulfilment.ts, migration 025). A paid order still on its way, refused or canceled is not.
 */
export const reviewableFulfilment: readonly FulfilmentState[] = completingStates;

export type Eligibility = { kind: 'eligible'; orderItemId: number } | { kind: 'not-bought' } | { kind: 'all-reviewed' };

/**
 * Whether the customer may review the product now, and for which order line: the oldest line of it, in a reviewable
 * order of theirs, that has no review yet (one review per product and order line). The one place eligibility is
 * decided: the reviews page's can_review and the write both ask it.
 */
export async function reviewEligibility(db: Kysely<Database>, customerId: number, productId: number): Promise<Eligibility> {
  const lines = await db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('reviews as r', 'r.order_item_id', 'i.id')
    .select(['i.id', 'r.id as review_id'])
    .where('o.customer_id', '=', customerId)
    .where('i.product_id', '=', productId)
    .where('o.status', 'in', reviewableStatuses)
    .where('o.fulfilment_state', 'in', reviewableFulfilment)
    .orderBy('i.id')
    .execute();
  if (lines.length === 0) return { kind: 'not-bought' };
  const open = lines.find((line) => line.review_id === null);
  return open ? { kind: 'eligible', orderItemId: open.id } : { kind: 'all-reviewed' };
}

export interface ReviewWords {
  rating: number;
  title: string;
  detail: string;
}

export type WriteResult = { kind: 'written'; review: Review } | { kind: 'not-found' } | { kind: 'not-bought' } | { kind: 'all-reviewed' };

/** 'Maria G.': the first name and the last name's initial (a review shows no full name). */
function nicknameOf(first: string, last: string): string {
  const initial = last.trim().charAt(0);
  const name = first.trim() || 'Customer';
  return initial ? `${name} ${initial.toUpperCase()}.` : name;
}

/**
 * Stores the customer's review of the product for their first unreviewed order line. The words are stored as typed
 * (trimmed): they are text, shown as text, never HTML. A second write racing the first for the same line loses at the
 * unique order_item_id and answers all-reviewed.
 */
export async function writeReview(db: Kysely<Database>, customerId: number, productId: number, words: ReviewWords, now: Date): Promise<WriteResult> {
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) return { kind: 'not-found' };
  const eligibility = await reviewEligibility(db, customerId, productId);
  if (eligibility.kind !== 'eligible') return eligibility;
  const customer = await db.selectFrom('customers').select(['first_name', 'last_name']).where('id', '=', customerId).executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('reviews')
    .values({
      product_id: productId,
      rating: words.rating,
      created_at: now,
      customer_id: customerId,
      order_item_id: eligibility.orderItemId,
      nickname: nicknameOf(customer.first_name, customer.last_name),
      title: words.title.trim(),
      detail: words.detail.trim(),
    })
    .onConflict((oc) => oc.column('order_item_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return { kind: 'all-reviewed' };
  const row =
    await sql<ReviewRow>`select ${reviewColumns} from reviews r left join review_samples s on s.id = r.sample where r.id = ${inserted.id}`.execute(
      db,
    );
  const written = row.rows[0];
  if (!written) throw new Error(`Review ${inserted.id} vanished after its insert`);
  return { kind: 'written', review: reviewOf(written) };
}
