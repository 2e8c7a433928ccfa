import { sql, type Kysely } from 'kysely';
import { canonicalEmail } from '../../../src/rules/email-canonical.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The addresses an account signed in from (or registered from). When strangers spend the account's ceiling of wrong
 * passwords over many addresses, these still get their own per-pair allowance: the owner at home or at work is never
 * locked out by them (issue 26). Why addresses and not devices: the API has bearer tokens only, no cookie a browser
 * would keep across sign-outs, and an address is what the failure counters already key by.
 */

/** How long a successful sign-in keeps its address known. */
const knownForDays = 90;

export async function rememberSignInAddress(db: Kysely<Database>, email: string, address: string): Promise<void> {
  await db
    .insertInto('sign_in_known_addresses')
    .values({ email_canonical: canonicalEmail(email), address, last_success_at: sql<Date>`now()` })
    .onConflict((oc) => oc.columns(['email_canonical', 'address']).doUpdateSet({ last_success_at: sql<Date>`now()` }))
    .execute();
}

export async function isKnownSignInAddress(db: Kysely<Database>, email: string, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_known_addresses')
    .select('address')
    .where('email_canonical', '=', canonicalEmail(email))
    .where('address', '=', address)
    .where('last_success_at', '>', sql<Date>`now() - make_interval(days => ${knownForDays})`)
    .executeTakeFirst();
  return row !== undefined;
}
