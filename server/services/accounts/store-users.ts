import type { Kysely } from 'kysely';
import { createAccountEmailError, createAccountPasswordError, normalizeEmail } from '../../../src/rules/auth-validation.ts';
import type { Database, UserRole } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { keptChanged } from '../platform/catalogue-changes.ts';

/**
 * Seller and staff users (issue 24): accounts like a shopper's (same sessions, argon2id, captcha and lockout at
 * sign-in) with a role, and for a seller the locations they answer for. Created by `npm run users -- add …`
 * (server/users-cli.ts) and by the browser tests' prepare step, both through addStoreUser.
 */
export type StoreRole = Exclude<UserRole, 'shopper'>;

export interface StoreUserInput {
  email: string;
  password: string;
  role: StoreRole;
  /** vendor_locations ids; a seller needs at least one, staff none. */
  locIds: readonly number[];
  firstName?: string;
  lastName?: string;
}

export type AddStoreUserOutcome =
  { kind: 'created' | 'updated'; customerId: number } | { kind: 'invalid'; field: 'email' | 'password' | 'role' | 'loc'; message: string };

/**
 * Creates the user, or gives an existing registered account with that email the role, the password and exactly these
 * locations (so running the same command twice is harmless). One transaction.
 */
export async function addStoreUser(db: Kysely<Database>, input: StoreUserInput): Promise<AddStoreUserOutcome> {
  const emailError = createAccountEmailError(input.email);
  if (emailError) return { kind: 'invalid', field: 'email', message: emailError };
  const passwordError = createAccountPasswordError(input.password);
  if (passwordError) return { kind: 'invalid', field: 'password', message: passwordError };
  if (input.role === 'seller' && input.locIds.length === 0) {
    return { kind: 'invalid', field: 'loc', message: 'A seller needs at least one location (--loc).' };
  }
  if (input.role === 'staff' && input.locIds.length > 0) {
    return { kind: 'invalid', field: 'loc', message: 'Staff see every location: give no --loc.' };
  }
  const known = input.locIds.length
    ? await db
        .selectFrom('vendor_locations')
        .select('id')
        .where('id', 'in', [...input.locIds])
        .execute()
    : [];
  const missing = input.locIds.filter((id) => !known.some((row) => row.id === id));
  if (missing.length > 0) return { kind: 'invalid', field: 'loc', message: `No seller location ${missing.join(', ')}.` };

  const passwordHash = await hashPassword(input.password);
  const emailNormalized = normalizeEmail(input.email);
  const saved = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('customers')
      .select('id')
      .where('email_normalized', '=', emailNormalized)
      .where('is_guest', '=', false)
      .executeTakeFirst();
    let customerId: number;
    if (existing) {
      customerId = existing.id;
      await trx.updateTable('customers').set({ role: input.role, password_hash: passwordHash }).where('id', '=', customerId).execute();
      await trx.deleteFrom('seller_locations').where('customer_id', '=', customerId).execute();
    } else {
      const row = await trx
        .insertInto('customers')
        .values({
          email: input.email.trim(),
          email_normalized: emailNormalized,
          first_name: input.firstName ?? (input.role === 'seller' ? 'Seller' : 'Staff'),
          last_name: input.lastName ?? '',
          password_hash: passwordHash,
          is_guest: false,
          role: input.role,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      customerId = row.id;
    }
    if (input.locIds.length > 0) {
      await trx
        .insertInto('seller_locations')
        .values(input.locIds.map((loc_id) => ({ customer_id: customerId, loc_id })))
        .execute();
    }
    return { kind: existing ? 'updated' : 'created', customerId } as const;
  });
  // An account's role changed: its kept sessions (which carry the role) go at once on this instance (decision 078).
  if (saved.kind === 'updated') keptChanged(db, 'sessions');
  return saved;
}

export interface StoreUser {
  email: string;
  role: StoreRole;
  locIds: number[];
}

/** Every seller and staff user with their locations. */
export async function listStoreUsers(db: Kysely<Database>): Promise<StoreUser[]> {
  const rows = await db
    .selectFrom('customers')
    .leftJoin('seller_locations', 'seller_locations.customer_id', 'customers.id')
    .select(['customers.id', 'customers.email', 'customers.role', 'seller_locations.loc_id'])
    .where('customers.role', '<>', 'shopper')
    .orderBy('customers.id')
    .orderBy('seller_locations.loc_id')
    .execute();
  const users = new Map<number, StoreUser>();
  for (const row of rows) {
    if (row.role === 'shopper') continue;
    const user = users.get(row.id) ?? { email: row.email, role: row.role, locIds: [] };
    if (row.loc_id !== null) user.locIds.push(row.loc_id);
    users.set(row.id, user);
  }
  return [...users.values()];
}

/** Takes the role away (the account stays, as a shopper's); false when no store user has the email. */
export async function removeStoreUser(db: Kysely<Database>, email: string): Promise<boolean> {
  const removed = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('customers')
      .set({ role: 'shopper' })
      .where('email_normalized', '=', normalizeEmail(email))
      .where('role', '<>', 'shopper')
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom('seller_locations').where('customer_id', '=', row.id).execute();
    // Its sessions carried the role: they end with it.
    await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('customer_id', '=', row.id).where('revoked_at', 'is', null).execute();
    return true;
  });
  if (removed) keptChanged(db, 'sessions');
  return removed;
}

/** The locations a seller user answers for (none for anyone else). */
export async function sellerLocationIds(db: Kysely<Database>, customerId: number): Promise<number[]> {
  const rows = await db.selectFrom('seller_locations').select('loc_id').where('customer_id', '=', customerId).orderBy('loc_id').execute();
  return rows.map((r) => r.loc_id);
}
