import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Review, ReviewsData } from '../../../src/api/contract/reviews.contract.ts';
import { averageRating, type RatingBar } from '../../../src/rules/reviews.ts';
import type { Database } from '../../db/schema.ts';

/** A review row as the statements below give it: a customer's own words, or its seeded sample's. */
export interface ReviewRow {
  id: number;
  nickname: string;
  title: string;
  detail: string;
  rating: number;
  created_at: string;
}

export interface TotalsRow {
  review_count: number;
  stars_1: number;
  stars_2: number;
  stars_3: number;
  stars_4: number;
  stars_5: number;
}

/** The columns of one review, words resolved (own or sample), the date as ISO 8601 UTC text. */
export const reviewColumns = sql`r.id, r.rating, coalesce(r.nickname, s.nickname) as nickname, coalesce(r.title, s.title) as title,
  coalesce(r.detail, s.detail) as detail, to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

/**
 * A product's newest reviews as one JSON array, for the product page's single statement (product-detail.ts): the
 * newest-first index walked for `limit` rows.
 */
export function newestReviewsJson(productId: RawBuilder<number>, limit: number): RawBuilder<ReviewRow[]> {
  return sql<ReviewRow[]>`coalesce((
    select json_agg(json_build_object('id', x.id, 'rating', x.rating, 'nickname', x.nickname, 'title', x.title, 'detail', x.detail,
      'created_at', x.created_at) order by x.n)
    from (
      select row_number() over (order by r.created_at desc, r.id desc) as n, ${reviewColumns}
      from (select * from reviews where product_id = ${productId} order by created_at desc, id desc limit ${sql.lit(limit)}) r
      left join review_samples s on s.id = r.sample
    ) x
  ), '[]'::json)`;
}

/** A product's totals row as JSON (null with no reviews). */
export function totalsJson(productId: RawBuilder<number>): RawBuilder<TotalsRow | null> {
  return sql<TotalsRow | null>`(select row_to_json(t) from (
    select review_count, stars_1, stars_2, stars_3, stars_4, stars_5 from review_totals where product_id = ${productId}) t)`;
}

export function reviewOf(row: ReviewRow): Review {
  return { id: row.id, nickname: row.nickname, title: row.title, detail: row.detail, rating: row.rating, created_at: row.created_at };
}

/** review_count, the average and the five bars, 5 stars first. */
export function reviewFigures(totals: TotalsRow | null): { review_count: number; rating: string; rating_breakdown: RatingBar[] } {
  const bars: RatingBar[] = [5, 4, 3, 2, 1].map((stars) => ({ stars, count: totals ? totals[`stars_${stars}` as `stars_${1 | 2 | 3 | 4 | 5}`] : 0 }));
  return { review_count: totals?.review_count ?? 0, rating: averageRating(bars), rating_breakdown: bars };
}

export type ReviewsPage = { kind: 'not-found' } | { kind: 'found'; data: Omit<ReviewsData, 'can_review'> };

/** One page (from 0) of a product's reviews, newest first, with its figures. */
export async function reviewsPage(db: Kysely<Database>, productId: number, page: number, limit: number): Promise<ReviewsPage> {
  const found = await sql<{
    totals: TotalsRow | null;
  }>`select ${totalsJson(sql<number>`p.id`)} as totals from products p where p.id = ${productId}`.execute(db);
  const product = found.rows[0];
  if (!product) return { kind: 'not-found' };
  const figures = reviewFigures(product.totals);
  const rows = await sql<ReviewRow>`
    select ${reviewColumns}
    from (select * from reviews where product_id = ${productId} order by created_at desc, id desc limit ${limit} offset ${page * limit}) r
    left join review_samples s on s.id = r.sample
    order by r.created_at desc, r.id desc`.execute(db);
  return {
    kind: 'found',
    data: {
      reviews: rows.rows.map(reviewOf),
      pagination: { total_records: figures.review_count, total_page: Math.ceil(figures.review_count / limit), limit, current_page: page },
      ...figures,
    },
  };
}
