import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * The words seeded reviews show: SAMPLES_PER_RATING per star rating, worded to fit any product of the store. A seeded
 * review row holds only its rating, date and sample id (migration 024), so tens of thousands of them stay small.
 */
const samplesByRating: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly (readonly [nickname: string, title: string, detail: string])[]>> = {
  5: [
    [
      'Maria G.',
      'Restaurant quality at home',
      'Arrived cold and beautifully packed. Cooked it exactly as the card said and the whole table went quiet.',
    ],
    ['Dan P.', 'Will order again', 'Fresh, well trimmed and generous. Delivery came inside the window and the driver called ahead.'],
    ['Keisha W.', 'Best I have bought online', 'Better than my local counter, honestly. Clean flavour, no off smell, and the size was as stated.'],
    ['Tom R.', 'Perfect for a dinner party', 'Ordered two for friends; both were spot on. The cooking tips in the description helped a lot.'],
    ['Priya S.', 'Excellent', 'Exactly what I hoped for. Packed with plenty of ice packs and still cold after a long day on the porch.'],
    ['Jorge A.', 'Worth every penny', 'Tender, well marbled and trimmed with care. It tasted like the ones we order out for birthdays.'],
    ['Emily H.', 'Our new standing order', 'Third order now and every one has been as good as the first. Easy to schedule around work.'],
    ['Kwame O.', 'Spot on', 'Exactly the size and cut described. Seasoned it simply and let it speak for itself.'],
    ['Lena V.', 'So fresh', 'You can tell it was handled well: firm, clean and bright. The delivery team was friendly too.'],
    ['Raj N.', 'Five stars from the family', 'Even the picky eaters asked for seconds. The instructions on the label were clear.'],
  ],
  4: [
    ['Luis M.', 'Very good', 'Great quality and taste. Took one star off because the delivery was an hour later than the slot.'],
    ['Hannah K.', 'Good value', 'Solid quality for the price. A little smaller than I expected but it cooked up well.'],
    ['Marcus L.', 'Tasty, well packed', 'Tasty and fresh. The packaging is a lot of plastic, otherwise no complaints.'],
    ['Ava C.', 'Nice, would buy again', 'Good flavour and texture. I would like more size choices, but I will order it again.'],
    ['Ben F.', 'Happy overall', 'Fresh and clean. One piece was a bit uneven in thickness; the rest was great.'],
    ['Sofia R.', 'Pretty great', 'Good flavour and nicely packed. The slot I wanted was full, so it came a day later than planned.'],
    ['Owen D.', 'Reliable', 'Consistent quality across two orders. A touch pricier than the shop down the road, but fresher.'],
    ['Mei L.', 'Would recommend', 'Cooked beautifully. I would have liked a recipe card in the box, but no real complaints.'],
  ],
  3: [
    ['Olivia N.', 'Okay', 'Decent, nothing special. Fine for a weeknight but I expected more at this price.'],
    ['Sam J.', 'Average', 'Arrived in good shape. Flavour was fine, texture a little soft for my taste.'],
    ['Grace T.', 'Mixed feelings', 'Quality was good but the delivery window moved twice. The food itself was fine.'],
  ],
  2: [
    ['Victor H.', 'Not what I expected', 'Smaller than the picture suggests and one pack had lost its seal. Support refunded that part.'],
    ['Nina B.', 'Disappointing', 'It was fine to eat, but the ice packs had melted by the time it arrived.'],
  ],
  1: [
    ['Carl E.', 'Arrived warm', 'The box arrived warm after a delayed courier. Customer service replaced it, but I would not risk it again.'],
    ['Rita Q.', 'Wrong size', 'I got a different size from the one I ordered. Refunded, but it spoiled the dinner plans.'],
  ],
};

/** review_samples rows, ids from 1 in rating order (5 stars first). */
export function reviewSampleRows(): { id: number; rating: number; nickname: string; title: string; detail: string }[] {
  const rows: { id: number; rating: number; nickname: string; title: string; detail: string }[] = [];
  for (const rating of [5, 4, 3, 2, 1] as const) {
    for (const [nickname, title, detail] of samplesByRating[rating]) rows.push({ id: rows.length + 1, rating, nickname, title, detail });
  }
  return rows;
}

/** When the seeded reviews end: the newest seeded review is this old, and each earlier one a few hours before. */
const SEEDED_UNTIL = '2026-11-01T12:00:00Z';

/**
 * Writes exactly products.review_count reviews for every product, in one statement the database expands itself
 * (generate_series; nothing per row crosses from Node). Each review's rating comes from a hash of its product and
 * place, so the seed is the same every time: about 55 % five stars, 25 % four, 10 % three, 5 % two, 5 % one. A
 * product's reviews of one rating take that rating's samples in turn (from a place of the product's own), so a page
 * of reviews does not show the same words twice (a walk saw two reviews by 'Priya S.' three hours apart) until the
 * rating's samples run out. review_totals is then counted from the rows in one aggregate (the load disables migration 024's trigger, which
 * would do the same per statement), so what a product shows is what the table holds.
 */
export async function seedReviews(db: Kysely<Database>): Promise<void> {
  const samples = reviewSampleRows();
  await db.insertInto('review_samples').values(samples).execute();
  const firstOf = (rating: number) => samples.findIndex((s) => s.rating === rating) + 1;
  const countOf = (rating: number) => samples.filter((s) => s.rating === rating).length;
  await sql`
    insert into reviews (product_id, rating, created_at, sample)
    select id, rating, ${SEEDED_UNTIL}::timestamptz - make_interval(hours => n * 3 + id % 7), ${sql.lit(firstOf(5))} + 0
      + case rating
          when 5 then (id + k) % ${sql.lit(countOf(5))}
          when 4 then ${sql.lit(firstOf(4) - firstOf(5))} + (id + k) % ${sql.lit(countOf(4))}
          when 3 then ${sql.lit(firstOf(3) - firstOf(5))} + (id + k) % ${sql.lit(countOf(3))}
          when 2 then ${sql.lit(firstOf(2) - firstOf(5))} + (id + k) % ${sql.lit(countOf(2))}
          else ${sql.lit(firstOf(1) - firstOf(5))} + (id + k) % ${sql.lit(countOf(1))}
        end
    from (
      -- k: the review's turn among the product's reviews of its rating, newest first.
      select id, n, rating, (row_number() over (partition by id, rating order by n) - 1)::int as k
      from (
        select id, n, case when h % 100 < 55 then 5 when h % 100 < 80 then 4 when h % 100 < 90 then 3 when h % 100 < 95 then 2 else 1 end as rating
        from (
          select p.id, g.n, ((p.id::bigint * 7919 + g.n::bigint * 104729) % 9973)::int as h
          from products p cross join lateral generate_series(0, p.review_count - 1) as g(n)
        ) hashed
      ) rated
    ) turned
  `.execute(db);
  await sql`
    insert into review_totals (product_id, review_count, stars_1, stars_2, stars_3, stars_4, stars_5)
    select product_id, count(*), count(*) filter (where rating = 1), count(*) filter (where rating = 2),
      count(*) filter (where rating = 3), count(*) filter (where rating = 4), count(*) filter (where rating = 5)
    from reviews group by product_id
  `.execute(db);
}
