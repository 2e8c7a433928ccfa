import { sql, type Kysely } from 'kysely';

/**
 * Issue 27, scale-out: every instance hears every `product:<id>` notice and drops what it holds of that product (its
 * page, the homes and listing pages showing it, its cards). 029 sent one whenever an offer's stock moved, so every
 * checkout cost each instance about 2 ms of CPU to hear (bench/analysis/throughput.md), and a checkout's Node CPU
 * doubled with two or three instances. No cache shows a stock count a shopper relies on: cards, listings, homes and
 * who serves a mode show only in stock or out of stock, and add to cart, the cart and checkout read stock live. The
 * row trigger now fires only when that can change: the price moved, or the stock crossed zero (sold out, or back in
 * stock). A `when` on the trigger, so PostgreSQL does not even call the function for an order taking a unit of many.
 * The function is 042's (its ':visit' suffix for a visit offer crossing zero unchanged).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists variant_offers_changed on variant_offers`.execute(db);
  await sql`
    create trigger variant_offers_changed after update of price_cents, stock on variant_offers for each row
    when (new.price_cents is distinct from old.price_cents or (new.stock > 0) is distinct from (old.stock > 0))
    execute function store_offer_changed()`.execute(db);
}

/** Back to 029's trigger: every price or stock change notifies. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists variant_offers_changed on variant_offers`.execute(db);
  await sql`
    create trigger variant_offers_changed after update of price_cents, stock on variant_offers
    for each row execute function store_offer_changed()`.execute(db);
}
