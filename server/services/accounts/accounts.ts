import { sql, type Kysely } from 'kysely';
import { dobToIso, normalizeEmail } from '../../../src/rules/auth-validation.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { hashSecret, newSecret } from '../platform/tokens.ts';
import { keptChanged } from '../platform/catalogue-changes.ts';

/** A signed-in session lasts 30 days; every sign-in makes a new one (the others stay until logout or expiry). */
export const sessionTtlMs = 30 * 24 * 60 * 60 * 1000;

export interface Account {
  id: number;
  firstName: string;
  lastName: string;
  isVerified: boolean;
  /** Issue 24: a seller or staff account signs in like a shopper; its menu then leads to its console. */
  role?: 'shopper' | 'seller' | 'staff';
}

/** A new api_token for the customer; only its SHA-256 is stored. */
export async function startSession(db: Kysely<Database>, customerId: number): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('sessions')
    .values({ customer_id: customerId, token_hash: hashSecret(token), expires_at: new Date(Date.now() + sessionTtlMs) })
    .execute();
  return token;
}

export async function revokeSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  // This instance's kept sessions at once; the others hear migration 036's notice (decision 078).
  keptChanged(db, 'sessions');
}

export function displayName(account: { firstName: string; lastName: string }): string {
  return `${account.firstName} ${account.lastName}`.trim();
}

/**
 * The registered account with this email and password, or undefined. Unknown emails, guests and wrong passwords
 * take the same path and the same time (one argon2 verification each). A hash made with older parameters is
 * replaced while the password is at hand.
 */
export async function authenticate(db: Kysely<Database>, email: string, password: string): Promise<Account | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'first_name', 'last_name', 'password_hash', 'is_verified', 'role'])
    .where('email_normalized', '=', normalizeEmail(email))
    .where('is_guest', '=', false)
    .executeTakeFirst();
  const ok = await verifyPassword(row?.password_hash ?? null, password);
  if (!row || !ok) return undefined;
  if (row.password_hash !== null && needsRehash(row.password_hash)) {
    await db
      .updateTable('customers')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', row.id)
      .execute();
  }
  return { id: row.id, firstName: row.first_name, lastName: row.last_name, isVerified: row.is_verified, role: row.role };
}

export interface Registration {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  dob: string | undefined;
  gender: string | undefined;
  newsletter: boolean;
}

export type RegisterOutcome = { kind: 'created'; account: Account } | { kind: 'duplicate' };

/** Creates a registered account; an email already registered (in any letter case) is a duplicate. */
export async function registerAccount(db: Kysely<Database>, input: Registration): Promise<RegisterOutcome> {
  const emailNormalized = normalizeEmail(input.email);
  const taken = await db
    .selectFrom('customers')
    .select('id')
    .where('email_normalized', '=', emailNormalized)
    .where('is_guest', '=', false)
    .executeTakeFirst();
  if (taken) return { kind: 'duplicate' };
  const passwordHash = await hashPassword(input.password);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  try {
    const row = await db
      .insertInto('customers')
      .values({
        email: input.email.trim(),
        email_normalized: emailNormalized,
        first_name: firstName,
        last_name: lastName,
        password_hash: passwordHash,
        is_guest: false,
        newsletter: input.newsletter,
        dob: input.dob ? (dobToIso(input.dob) ?? null) : null,
        gender: input.gender?.trim() || null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { kind: 'created', account: { id: row.id, firstName, lastName, isVerified: false } };
  } catch (error) {
    // Two sign-ups with one email at once: the unique index decides, and the loser is told the email is taken.
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/**
 * The guest customer for email-only checkout. A guest who already has a session with the same email keeps their
 * row; anyone else gets a fresh one, because handing out a session for an existing guest row to whoever types its
 * email would expose that guest's addresses and orders.
 */
export async function guestCustomer(
  db: Kysely<Database>,
  email: string,
  caller: { customerId: number; isGuest: boolean } | undefined,
): Promise<number> {
  const emailNormalized = normalizeEmail(email);
  if (caller?.isGuest) {
    const same = await db
      .selectFrom('customers')
      .select('id')
      .where('id', '=', caller.customerId)
      .where('email_normalized', '=', emailNormalized)
      .executeTakeFirst();
    if (same) return same.id;
  }
  const row = await db
    .insertInto('customers')
    .values({ email: email.trim(), email_normalized: emailNormalized, first_name: '', last_name: '', password_hash: null, is_guest: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A new guest customer with the guest cart `cartId` (open, no customer yet) and a session, in one statement (decision
 * 068): the cart row is locked first, and only when it is such a cart are the customer, the cart's claim and the
 * session written, so a cart that is not one leaves nothing behind (undefined), as the transaction it replaces did.
 * Two requests for one cart: the second waits on the lock, then finds the cart claimed.
 */
export async function newGuestWithCart(
  db: Kysely<Database>,
  email: string,
  cartId: string,
  now: Date,
): Promise<{ customerId: number; apiToken: string; sessionId: number; expiresAt: Date } | undefined> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + sessionTtlMs);
  const { rows } = await sql<{ id: number; session_id: number }>`
    with cart as (
      select id from carts where id = ${cartId} and status = 'open' and customer_id is null for update
    ), guest as (
      insert into customers (email, email_normalized, first_name, last_name, password_hash, is_guest)
      select ${email.trim()}::text, ${normalizeEmail(email)}::text, '', '', null, true from cart
      returning id
    ), claimed as (
      update carts set customer_id = guest.id, updated_at = ${now}::timestamptz from guest where carts.id = ${cartId}
    ), session as (
      insert into sessions (customer_id, token_hash, expires_at)
      select id, ${hashSecret(token)}::text, ${expiresAt}::timestamptz from guest
      returning id
    )
    select guest.id, session.id as session_id from guest, session
  `.execute(db);
  const row = rows[0];
  return row === undefined ? undefined : { customerId: row.id, apiToken: token, sessionId: row.session_id, expiresAt };
}

/** Gives a guest cart (open, no customer, or already this guest's) to the guest; false when it is not one. */
export async function assignGuestCart(db: Kysely<Database>, cartId: string, guestId: number): Promise<boolean> {
  const updated = await db
    .updateTable('carts')
    .set({ customer_id: guestId, updated_at: new Date() })
    .where('id', '=', cartId)
    .where('status', '=', 'open')
    .where((eb) => eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', guestId)]))
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
