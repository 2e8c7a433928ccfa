import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as catalogue from './migrations/001-catalogue.ts';
import * as customersCarts from './migrations/002-customers-carts.ts';
import * as accounts from './migrations/003-accounts.ts';
import * as cartDelivery from './migrations/004-cart-delivery.ts';
import * as checkout from './migrations/005-checkout.ts';
import * as ageRestricted from './migrations/006-age-restricted.ts';
import * as kycApplications from './migrations/007-kyc-applications.ts';
import * as kycDecisions from './migrations/008-kyc-decisions.ts';
import * as facePasses from './migrations/009-face-passes.ts';
import * as partnerRestaurants from './migrations/010-partner-restaurants.ts';
import * as couponLimits from './migrations/012-coupon-limits.ts';
import * as orderConfirmation from './migrations/013-order-confirmation.ts';
import * as wallet from './migrations/014-wallet.ts';
import * as searchDictionary from './migrations/015-search-dictionary.ts';
import * as areaProductSummaries from './migrations/016-area-product-summaries.ts';
import * as slimAreaSummaries from './migrations/017-slim-area-summaries.ts';
import * as searchPostings from './migrations/018-search-postings.ts';
import * as listingFilterIndexes from './migrations/019-listing-filter-indexes.ts';
import * as searchOneStatement from './migrations/020-search-one-statement.ts';
import * as ownerAllowances from './migrations/021-owner-allowances.ts';
import * as bankPayment from './migrations/023-bank-payment.ts';
import * as fulfilment from './migrations/025-fulfilment.ts';
import * as reviews from './migrations/024-reviews.ts';
import * as catchWeight from './migrations/026-catch-weight.ts';
import * as sellerCapacity from './migrations/027-seller-capacity.ts';
import * as cartKeptLines from './migrations/028-cart-kept-lines.ts';
import * as catalogueNotify from './migrations/029-catalogue-notify.ts';
import * as capacityChanges from './migrations/030-capacity-changes.ts';
import * as sellerOffersAndKeptExpiry from './migrations/032-seller-offers-and-kept-expiry.ts';
import * as offerMovesNotify from './migrations/034-offer-moves-notify.ts';
import * as calendarNotify from './migrations/035-calendar-notify.ts';
import * as sessionNotify from './migrations/036-session-notify.ts';
import * as adSpeeds from './migrations/037-ad-speeds.ts';
import * as weighedGramsAsEntered from './migrations/038-weighed-grams-as-entered.ts';
import * as deliverableFulfilment from './migrations/039-deliverable-fulfilment.ts';
import * as offerLocationNotify from './migrations/041-offer-location-notify.ts';
import * as visitStockNotify from './migrations/042-visit-stock-notify.ts';
import * as offerNoticeOnSign from './migrations/043-offer-notice-on-sign.ts';
import * as oneSavedCard from './migrations/044-one-saved-card.ts';
import * as canceledDebit from './migrations/046-canceled-debit.ts';
import * as orderCouponPercent from './migrations/047-order-coupon-percent.ts';

// Listed here (not read from disk) so the bundle, tsx and tests all see the same ordered set.
const migrations: Record<string, Migration> = {
  '001-catalogue': catalogue,
  '002-customers-carts': customersCarts,
  '003-accounts': accounts,
  '004-cart-delivery': cartDelivery,
  '005-checkout': checkout,
  '006-age-restricted': ageRestricted,
  '007-kyc-applications': kycApplications,
  '008-kyc-decisions': kycDecisions,
  '009-face-passes': facePasses,
  '010-partner-restaurants': partnerRestaurants,
  '012-coupon-limits': couponLimits,
  '013-order-confirmation': orderConfirmation,
  '014-wallet': wallet,
  '015-search-dictionary': searchDictionary,
  '016-area-product-summaries': areaProductSummaries,
  '017-slim-area-summaries': slimAreaSummaries,
  '018-search-postings': searchPostings,
  '019-listing-filter-indexes': listingFilterIndexes,
  '020-search-one-statement': searchOneStatement,
  '021-owner-allowances': ownerAllowances,
  '023-bank-payment': bankPayment,
  '024-reviews': reviews,
  '025-fulfilment': fulfilment,
  '026-catch-weight': catchWeight,
  '027-seller-capacity': sellerCapacity,
  '028-cart-kept-lines': cartKeptLines,
  '029-catalogue-notify': catalogueNotify,
  '030-capacity-changes': capacityChanges,
  '032-seller-offers-and-kept-expiry': sellerOffersAndKeptExpiry,
  '034-offer-moves-notify': offerMovesNotify,
  '035-calendar-notify': calendarNotify,
  '036-session-notify': sessionNotify,
  '037-ad-speeds': adSpeeds,
  '038-weighed-grams-as-entered': weighedGramsAsEntered,
  '039-deliverable-fulfilment': deliverableFulfilment,
  '041-offer-location-notify': offerLocationNotify,
  '042-visit-stock-notify': visitStockNotify,
  '043-offer-notice-on-sign': offerNoticeOnSign,
  '044-one-saved-card': oneSavedCard,
  '046-canceled-debit': canceledDebit,
  '047-order-coupon-percent': orderCouponPercent,
};

/**
 * Migrations that change no row a seed writes and add nothing a seed fills (a trigger's condition): a data set seeded
 * before one is what the seed would make after it, so the benches reuse it (bench/lib/measure.ts seedOrReuse) rather
 * than reseed, whose DELETE of a 100k catalogue ran for over 15 minutes on 2026-11-30.
 */
export const keepsSeededData: ReadonlySet<string> = new Set(['043-offer-notice-on-sign', '046-canceled-debit', '047-order-coupon-percent']);

/** A migration of this build by its name (the benches undo later ones on an older build's copy of the data). */
export function migrationNamed(name: string): Migration | undefined {
  return migrations[name];
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Statements a migration needs after it commits, which cannot run inside its transaction (VACUUM): migration name →
 * statements. Why VACUUM: index-only scans need the visibility map, and PGlite has no autovacuum to set it.
 */
const afterCommit: Record<string, readonly string[]> = {
  '017-slim-area-summaries': ['vacuum area_products, area_category_products, area_listing_facets'],
  '020-search-one-statement': ['vacuum search_postings'],
};

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  for (const result of results ?? []) {
    if (result.status !== 'Success') continue;
    for (const statement of afterCommit[result.migrationName] ?? []) await sql.raw(statement).execute(db);
  }
}

/** The migrations this build knows that the database has not run (the readiness probe's check). */
export async function pendingMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const known = await new Migrator({ db, provider }).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
}
