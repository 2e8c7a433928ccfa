import { sql, type Kysely } from 'kysely';

/**
 * Search in fewer round trips (issue 15, decision 021's revision):
 *
 * - search_words_version: one row, one more on every statement that changes search_words (a statement-level trigger),
 *   so a server may hold the dictionary in memory (search-vocabulary.ts) and know, from the version its search
 *   statement returns, when it must read it again. Transactional, unlike a sequence: a search never sees a version
 *   whose words it cannot read yet.
 * - search_in_descriptions: the description fallback as a function the name query calls in the same statement,
 *   instead of a transaction of its own (BEGIN, two SET LOCAL, the query, COMMIT: five round trips, each a fixed cost
 *   on the embedded database's one connection). It carries the planner settings the fallback needs (a bitmap read of
 *   the full-text index that stops at `candidates` matches; left to its estimates the planner walked every product in
 *   popularity order when two common words never meet) as SET clauses, which hold for the call only: a function with
 *   SET clauses is never inlined, so they cannot reach the calling query's plan.
 * - search_postings carry their product's name_vector, in the walk index too: a search of several words, or of a
 *   corrected one, checks each candidate's whole name in the row the walk reads, where it probed search_names for
 *   each (300 probes of three pages each for 'prarie', most of the statement's time on the embedded database).
 */
/** 018's function bodies that write postings, with or without the name (`up` adds it, `down` takes it away). */
function postingFunctions(withName: boolean) {
  const column = sql.raw(withName ? ', name_vector' : '');
  const value = sql.raw(withName ? ', n.name_vector' : '');
  return [
    sql`
    create or replace function search_learn_products(ids integer[]) returns void
    language sql as $$
      insert into search_names (product_id, popularity, name_vector, offer_keys)
      select p.id, p.popularity, to_tsvector('english', p.name), coalesce(k.offer_keys, '{}')
      from products p left join search_offer_keys(ids) k on k.product_id = p.id
      where p.id = any(ids);
      insert into search_postings (lexeme, popularity, product_id, offer_keys${column})
      select l.lexeme, n.popularity, n.product_id, n.offer_keys${value}
      from search_names n cross join lateral unnest(tsvector_to_array(n.name_vector)) as l(lexeme)
      where n.product_id = any(ids);
    $$`,
    sql`
    create or replace function search_rebuild() returns void
    language sql as $$
      truncate search_postings, search_names;
      insert into search_names (product_id, popularity, name_vector, offer_keys)
      select p.id, p.popularity, to_tsvector('english', p.name), coalesce(k.offer_keys, '{}')
      from products p left join search_offer_keys(null) k on k.product_id = p.id;
      -- In walk order, so one word's best products share a few pages.
      insert into search_postings (lexeme, popularity, product_id, offer_keys${column})
      select l.lexeme, n.popularity, n.product_id, n.offer_keys${value}
      from search_names n cross join lateral unnest(tsvector_to_array(n.name_vector)) as l(lexeme)
      order by 1, 2 desc, 3;
    $$`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table search_postings add column name_vector tsvector not null default ''`.execute(db);
  for (const statement of postingFunctions(true)) await statement.execute(db);
  await sql`drop index search_postings_walk_idx`.execute(db);
  // The postings written again with their names, in walk order (an UPDATE would leave every row twice until a vacuum).
  await sql`create temporary table search_postings_named on commit drop as
    select p.lexeme, p.popularity, p.product_id, p.offer_keys, n.name_vector
    from search_postings p join search_names n on n.product_id = p.product_id`.execute(db);
  await sql`truncate search_postings`.execute(db);
  await sql`insert into search_postings (lexeme, popularity, product_id, offer_keys, name_vector)
    select * from search_postings_named order by 1, 2 desc, 3`.execute(db);
  await sql`create index search_postings_walk_idx on search_postings (lexeme, popularity desc, product_id) include (offer_keys, name_vector)`.execute(
    db,
  );
  await sql`analyze search_postings`.execute(db);

  await sql`
    create table search_words_version (
      one boolean primary key default true check (one),
      version bigint not null
    )`.execute(db);
  await sql`insert into search_words_version (version) values (1)`.execute(db);
  await sql`
    create function search_words_changed() returns trigger language plpgsql as $$
    begin
      update search_words_version set version = version + 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger search_words_changed after insert or update or delete or truncate on search_words
    for each statement execute function search_words_changed()`.execute(db);

  await sql`
    create function search_in_descriptions(query tsquery, keys integer[], candidates integer, wanted integer)
    returns table (id integer, popularity integer)
    language sql stable
    set enable_seqscan = off
    set enable_indexscan = off
    as $$
      select p.id, p.popularity
      from (select id, popularity from products where search_vector @@ query limit candidates) p
      join search_names n on n.product_id = p.id
      where n.offer_keys && keys
      order by p.popularity desc, p.id limit wanted
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of postingFunctions(false)) await statement.execute(db);
  await sql`drop index search_postings_walk_idx`.execute(db);
  await sql`alter table search_postings drop column name_vector`.execute(db);
  await sql`create index search_postings_walk_idx on search_postings (lexeme, popularity desc, product_id) include (offer_keys)`.execute(db);
  await sql`drop function if exists search_in_descriptions(tsquery, integer[], integer, integer)`.execute(db);
  await sql`drop trigger if exists search_words_changed on search_words`.execute(db);
  await sql`drop function if exists search_words_changed()`.execute(db);
  await sql`drop table if exists search_words_version`.execute(db);
}
