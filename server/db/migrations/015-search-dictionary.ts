import { sql, type Kysely } from 'kysely';

/**
 * Search's own data (issue 15, decision 021), kept current by triggers on products and categories so the seed, a bulk
 * change and a single product write all keep it right without remembering to:
 *
 * - search_words: the catalogue's vocabulary, every word of product names and descriptions and of category names as
 *   PostgreSQL's default parser splits them ('t-bone', 't', 'bone', 'réserve'), lower-cased and not stemmed, with how
 *   many products carry it in their name (in_names) and anywhere (in_texts), and whether a category name has it.
 *   `joined` is the word without hyphens ('tbone'): shoppers type no hyphens. Looked up by exact `joined`, by prefix,
 *   by shared one-letter deletions (search_word_deletes, the SymSpell idea: two words within one edit of each other,
 *   a swapped letter included, share a deletion) and by trigram similarity for long words.
 * - search_names: per product, its name as an English tsvector and its popularity. Narrow rows (about 70 bytes against
 *   products' 1 kB), so walking them in popularity order or collecting a word's matches touches few pages.
 *
 * No foreign key to products: clearCatalogue's TRUNCATE must stay possible; the truncate triggers empty both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await sql`
    create function search_word_deletes(word text) returns text[]
    language sql immutable parallel safe
    return array(select word union select overlay(word placing '' from i for 1) from generate_series(1, length(word)) as i)
  `.execute(db);

  await sql`
    create table search_words (
      word text primary key,
      joined text not null,
      in_names integer not null default 0,
      in_texts integer not null default 0,
      in_categories boolean not null default false
    )
  `.execute(db);
  await sql`create index search_words_joined_idx on search_words (joined text_pattern_ops)`.execute(db);
  await sql`create index search_words_deletes_idx on search_words using gin (search_word_deletes(joined))`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (joined gin_trgm_ops)`.execute(db);

  await sql`
    create table search_names (
      product_id integer primary key,
      popularity integer not null,
      name_vector tsvector not null
    )
  `.execute(db);
  await sql`create index search_names_vector_idx on search_names using gin (name_vector)`.execute(db);
  // name_vector included: a walk in popularity order checks names in the index alone (index-only, once vacuumed).
  await sql`create index search_names_popularity_idx on search_names (popularity desc, product_id) include (name_vector)`.execute(db);

  // Adds sign × the words of a statement's products at once (the seed writes 2,000 per statement).
  await sql`
    create function search_count_words(names text[], descriptions text[], sign integer) returns void
    language sql
    begin atomic
      insert into search_words as w (word, joined, in_names, in_texts)
      select t.word, replace(t.word, '-', ''), sign * count(*) filter (where t.in_name), sign * count(*)
      from (
        select each.word, each.word = any(tsvector_to_array(to_tsvector('simple', p.name))) as in_name
        from unnest(names, descriptions) as p(name, description),
             unnest(tsvector_to_array(to_tsvector('simple', p.name || ' ' || p.description))) as each(word)
      ) t
      -- Bare numbers (the '#1234' of generated names, years) are no words to correct or complete.
      where t.word !~ '^[0-9]+$'
      group by t.word
      on conflict (word) do update set in_names = w.in_names + excluded.in_names, in_texts = w.in_texts + excluded.in_texts;
      delete from search_words where in_texts <= 0 and not in_categories;
    end
  `.execute(db);
  await sql`
    create function search_count_category_words() returns void
    language sql
    begin atomic
      update search_words set in_categories = false where in_categories;
      insert into search_words as w (word, joined, in_categories)
      select distinct each.word, replace(each.word, '-', ''), true
      from categories c, unnest(tsvector_to_array(to_tsvector('simple', c.name))) as each(word)
      on conflict (word) do update set in_categories = true;
      delete from search_words where in_texts <= 0 and not in_categories;
    end
  `.execute(db);

  const wordsOf = (rows: 'new_rows' | 'old_rows', sign: 1 | -1) =>
    sql.raw(`perform search_count_words((select array_agg(name) from ${rows}), (select array_agg(description) from ${rows}), ${sign});`);
  await sql`
    create function search_products_inserted() returns trigger language plpgsql as $$
    begin
      ${wordsOf('new_rows', 1)}
      insert into search_names (product_id, popularity, name_vector)
      select id, popularity, to_tsvector('english', name) from new_rows;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function search_products_updated() returns trigger language plpgsql as $$
    begin
      ${wordsOf('old_rows', -1)}
      ${wordsOf('new_rows', 1)}
      delete from search_names s using old_rows o where s.product_id = o.id;
      insert into search_names (product_id, popularity, name_vector)
      select id, popularity, to_tsvector('english', name) from new_rows;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function search_products_deleted() returns trigger language plpgsql as $$
    begin
      ${wordsOf('old_rows', -1)}
      delete from search_names s using old_rows o where s.product_id = o.id;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function search_products_truncated() returns trigger language plpgsql as $$
    begin
      truncate search_names;
      update search_words set in_names = 0, in_texts = 0 where in_texts <> 0 or in_names <> 0;
      delete from search_words where not in_categories;
      return null;
    end $$
  `.execute(db);
  await sql`
    create function search_categories_changed() returns trigger language plpgsql as $$
    begin
      perform search_count_category_words();
      return null;
    end $$
  `.execute(db);

  // Transition tables allow one event per trigger.
  await sql`create trigger search_products_inserted after insert on products referencing new table as new_rows for each statement execute function search_products_inserted()`.execute(
    db,
  );
  await sql`create trigger search_products_updated after update on products referencing old table as old_rows new table as new_rows for each statement execute function search_products_updated()`.execute(
    db,
  );
  await sql`create trigger search_products_deleted after delete on products referencing old table as old_rows for each statement execute function search_products_deleted()`.execute(
    db,
  );
  await sql`create trigger search_products_truncated after truncate on products for each statement execute function search_products_truncated()`.execute(
    db,
  );
  await sql`create trigger search_categories_changed after insert or update or delete or truncate on categories for each statement execute function search_categories_changed()`.execute(
    db,
  );

  // A database that already has a catalogue gets its search data now.
  await sql`select search_count_words((select array_agg(name) from products), (select array_agg(description) from products), 1)`.execute(db);
  await sql`insert into search_names (product_id, popularity, name_vector) select id, popularity, to_tsvector('english', name) from products`.execute(
    db,
  );
  await sql`select search_count_category_words()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['search_products_inserted', 'search_products_updated', 'search_products_deleted', 'search_products_truncated']) {
    await sql`drop trigger if exists ${sql.raw(trigger)} on products`.execute(db);
  }
  await sql`drop trigger if exists search_categories_changed on categories`.execute(db);
  await sql`drop table if exists search_names`.execute(db);
  await sql`drop table if exists search_words`.execute(db);
  for (const fn of [
    'search_products_inserted()',
    'search_products_updated()',
    'search_products_deleted()',
    'search_products_truncated()',
    'search_categories_changed()',
    'search_count_words(text[], text[], integer)',
    'search_count_category_words()',
    'search_word_deletes(text)',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  }
}
