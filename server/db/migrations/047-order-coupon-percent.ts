import { sql, type Kysely } from 'kysely';

/**
 * The order keeps its coupon's percent as placed (QA walk 9 #1): once a line leaves the order (marked out, a substitute
 * refused or cheaper, a part refused), a percent coupon is that percent of what is left (src/rules/refused-parts.ts
 * standingAmounts), read from the order itself, not from a coupon row that staff may have changed since. A fixed coupon
 * (null here) stays as placed. Orders placed before are filled from their coupon's current terms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column coupon_percent_bp integer`.execute(db);
  await sql`
    update orders o set coupon_percent_bp = c.amount
    from coupons c
    where o.coupon_code is not null and c.kind = 'percent' and lower(c.code) = lower(o.coupon_code)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop column coupon_percent_bp`.execute(db);
}
