import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../platform/caller.ts';
import { cacheBudgets, jsonBytes } from '../platform/cache-budgets.ts';
import { keptPerDatabase } from '../platform/kept-until-changed.ts';
import { hashSecret } from '../platform/tokens.ts';

/** A kept session's weight: its fields' JSON and its key, the token's SHA-256 in hex. */
const sessionBytes = (caller: Caller): number => jsonBytes(caller) + 64;

/**
 * Each database's live sessions by token hash (decision 078): a signed-in call reads its session once per instance,
 * not once per call. Dropped on migration 036's notice (a session revoked, a role, email or guest flag changed) and at
 * once by this instance's own such writes (keptChanged after their commit); an unknown, revoked or expired token is
 * never kept, and a kept session never outlives its expiry.
 */
// Thirty seconds: only the guard against a notice never heard; the notices are what make a revocation take hold.
const keptSessions = keptPerDatabase<string, Caller>('sessions', { maxAgeMs: 30_000, maxBytes: cacheBudgets.sessions, sizeOf: sessionBytes });

/** The live session behind a bearer token, or undefined when the token is unknown, revoked or expired. */
export async function findSession(db: Kysely<Database>, token: string): Promise<Caller | undefined> {
  const tokenHash = hashSecret(token);
  const kept = keptSessions(db);
  const known = kept.get(tokenHash);
  // A copy: a caller is the request's own.
  if (known) return { ...known };
  const generation = kept.generation;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .select(['sessions.id as session_id', 'sessions.customer_id', 'sessions.expires_at', 'customers.is_guest', 'customers.role', 'customers.email'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return undefined;
  const caller: Caller = { customerId: row.customer_id, sessionId: row.session_id, isGuest: row.is_guest, role: row.role, email: row.email };
  kept.store(generation, tokenHash, caller, new Date(row.expires_at).getTime());
  return { ...caller };
}

/**
 * A session this instance just made, kept as findSession would keep it on its first use: the guest's next call (the
 * delivery schedule) then reads no session (decision 078). Nothing can have revoked it yet.
 */
export function keepNewSession(db: Kysely<Database>, token: string, caller: Caller, expiresAt: Date): void {
  const kept = keptSessions(db);
  kept.store(kept.generation, hashSecret(token), { ...caller }, expiresAt.getTime());
}
