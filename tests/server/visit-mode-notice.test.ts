import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantNotServedRefusal } from '../../src/rules/messages.ts';
import { areaCacheOptions } from '../../server/services/catalogue/catalogue-cache.ts';
import { onPostgresRun } from './database-images.ts';
import { newYork, query } from './catalogue-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

/**
 * A restaurant that stops selling a mode is refused at once on every instance, not after the served-areas cache's
 * minute (decision 082 "Consequences" expected the minute). The operator's way to stop a mode is the database: the
 * restaurant's offers at that speed removed, or moved to another area. Both already notify `all` on the catalogue's
 * channel (migration 029's statement trigger on variant_offers, 034's trigger on an offer's area or speed), which
 * drops the served areas on every instance (catalogue-cache.ts). On PostgreSQL the change is made through one app and
 * read through another on the same database (each with its own caches and LISTEN session); on PGlite, one app.
 */
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp();
  second = onPostgresRun() ? await startTestApp({ sameDatabaseAs: first }) : first;
});
afterAll(async () => {
  if (second !== first) await second.close();
  await first.close();
});

const BEEF = 1002;
/** The Oyster Room (402) opens at 5 PM, after the last pick-up time: it hands nothing over (walk 7 #1). */
const OYSTER_ROOM = 403;

/** What the other instance answers a listing with The Oyster Room chosen at the speed: 'accepted', or the refusal. */
async function answer(speed: 'dine-in' | 'pickup'): Promise<string> {
  const url = `/connect/index/category?${query({ store_id: 1, ...newYork, catid: BEEF, page: 0, limit: 10, courier_type: speed, vendor_location_id: OYSTER_ROOM })}`;
  const response = await second.app.inject({ method: 'GET', url });
  if (response.statusCode === 200) return 'accepted';
  const body = json(response);
  const errors = body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors) ? body.errors : [];
  return `${response.statusCode} ${JSON.stringify(errors)}`;
}

const refused = (mode: 'Dine-In' | 'Pick-Up') =>
  `400 ${JSON.stringify([{ field: 'vendor_location_id', message: restaurantNotServedRefusal(mode) }])}`;
/** Far under the cache's freshness: seen through the notice, not because the cached areas went stale. */
const noticeWait = { timeout: areaCacheOptions.freshMs / 12, interval: 20 };

describe('a restaurant that stops selling a mode is refused at once on every instance', () => {
  it('its pick-up offers removed, then its dine-in offers moved to another area', async () => {
    // The other instance holds the served areas (The Oyster Room sells both modes in New York).
    expect(await answer('pickup')).toBe('accepted');
    expect(await answer('dine-in')).toBe('accepted');

    await sql`delete from variant_offers where loc_id = ${OYSTER_ROOM} and speed = 'pickup'`.execute(first.database.db);
    await expect.poll(() => answer('pickup'), noticeWait).toBe(refused('Pick-Up'));
    expect(await answer('dine-in')).toBe('accepted');

    // Chicago's now (the area 103): New York's Dine-In no longer has it.
    await sql`update variant_offers set area_loc_id = 103 where loc_id = ${OYSTER_ROOM} and speed = 'dine-in'`.execute(first.database.db);
    await expect.poll(() => answer('dine-in'), noticeWait).toBe(refused('Dine-In'));
  });

  it('its offers handed to another of its locations (the offer rows kept, their loc_id changed)', async () => {
    const GRAMERCY = 401;
    const gramercy = async (speed: 'dine-in' | 'pickup') => {
      const url = `/connect/index/category?${query({ store_id: 1, ...newYork, catid: BEEF, page: 0, limit: 10, courier_type: speed, vendor_location_id: GRAMERCY })}`;
      return (await second.app.inject({ method: 'GET', url })).statusCode;
    };
    expect(await gramercy('pickup')).toBe(200);
    // Gramercy's pick-up offers become The Oyster Room's (a seller's counter closed, its offers moved to the other one).
    await sql`update variant_offers set loc_id = ${OYSTER_ROOM} where loc_id = ${GRAMERCY} and speed = 'pickup'`.execute(first.database.db);
    await expect.poll(() => gramercy('pickup'), noticeWait).toBe(400);
    await expect.poll(() => answer('pickup'), noticeWait).toBe('accepted');
  });
});
