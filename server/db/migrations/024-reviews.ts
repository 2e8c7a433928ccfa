import { sql, type Kysely } from 'kysely';

/**
 * Product reviews (issue 23 item 10).
 *
 * - reviews: one row per review. A customer's row carries its own nickname, title and text, its customer and the order
 *   line it was written for (unique: one review per product and order line). A seeded row carries none of them, only
 *   `sample`, the review_samples row whose words it shows: the seed writes tens of thousands of rows, and a small
 *   integer per row keeps them compact.
 * - review_totals: each product's count and stars per rating, kept by a statement trigger on reviews, so the figures a
 *   product shows are always what the table holds (the seed's bulk insert and a customer's review alike). Not columns
 *   of products: updating products fires the search and listing-summary triggers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_samples')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('rating', 'smallint', (c) => c.notNull())
    .addColumn('nickname', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sample', 'integer', (c) => c.references('review_samples.id'))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('order_item_id', 'integer', (c) => c.unique().references('order_items.id').onDelete('set null'))
    .addColumn('nickname', 'text')
    .addColumn('title', 'text')
    .addColumn('detail', 'text')
    .addCheckConstraint('reviews_words', sql`sample is not null or (nickname is not null and title is not null and detail is not null)`)
    .execute();
  // Newest first, per product: the product page's list and its pages.
  await sql`create index reviews_product_newest_idx on reviews (product_id, created_at desc, id desc)`.execute(db);
  await db.schema
    .createTable('review_totals')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stars_1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stars_2', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stars_3', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stars_4', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stars_5', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create function review_totals_add() returns trigger language plpgsql as $$
    begin
      insert into review_totals (product_id, review_count, stars_1, stars_2, stars_3, stars_4, stars_5)
      select product_id, count(*), count(*) filter (where rating = 1), count(*) filter (where rating = 2),
        count(*) filter (where rating = 3), count(*) filter (where rating = 4), count(*) filter (where rating = 5)
      from new_reviews group by product_id
      on conflict (product_id) do update set
        review_count = review_totals.review_count + excluded.review_count,
        stars_1 = review_totals.stars_1 + excluded.stars_1, stars_2 = review_totals.stars_2 + excluded.stars_2,
        stars_3 = review_totals.stars_3 + excluded.stars_3, stars_4 = review_totals.stars_4 + excluded.stars_4,
        stars_5 = review_totals.stars_5 + excluded.stars_5;
      return null;
    end $$`.execute(db);
  await sql`
    create function review_totals_remove() returns trigger language plpgsql as $$
    begin
      update review_totals t set
        review_count = t.review_count - gone.n, stars_1 = t.stars_1 - gone.s1, stars_2 = t.stars_2 - gone.s2,
        stars_3 = t.stars_3 - gone.s3, stars_4 = t.stars_4 - gone.s4, stars_5 = t.stars_5 - gone.s5
      from (
        select product_id, count(*) as n, count(*) filter (where rating = 1) as s1, count(*) filter (where rating = 2) as s2,
          count(*) filter (where rating = 3) as s3, count(*) filter (where rating = 4) as s4, count(*) filter (where rating = 5) as s5
        from old_reviews group by product_id
      ) gone
      where t.product_id = gone.product_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger review_totals_insert after insert on reviews referencing new table as new_reviews
    for each statement execute function review_totals_add()`.execute(db);
  await sql`create trigger review_totals_delete after delete on reviews referencing old table as old_reviews
    for each statement execute function review_totals_remove()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_totals').execute();
  await db.schema.dropTable('reviews').execute();
  await db.schema.dropTable('review_samples').execute();
  await sql`drop function review_totals_add(), review_totals_remove()`.execute(db);
}
