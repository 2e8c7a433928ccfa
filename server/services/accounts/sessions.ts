import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../platform/caller.ts';
import { hashSecret } from '../platform/tokens.ts';

/** The live session behind a bearer token, or undefined when the token is unknown, revoked or expired. */
export async function findSession(db: Kysely<Database>, token: string): Promise<Caller | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .select(['sessions.id as session_id', 'sessions.customer_id', 'customers.is_guest', 'customers.role', 'customers.email'])
    .where('sessions.token_hash', '=', hashSecret(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row ? { customerId: row.customer_id, sessionId: row.session_id, isGuest: row.is_guest, role: row.role, email: row.email } : undefined;
}
