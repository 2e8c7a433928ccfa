import type { Kysely } from 'kysely';
import { normalizeEmail } from '../../../src/rules/auth-validation.ts';
import type { MailMessage } from '../../adapters/mail/mail-port.ts';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { mailText } from '../platform/mail-text.ts';
import { hashSecret, newSecret } from '../platform/tokens.ts';
import { keptChanged } from '../platform/catalogue-changes.ts';

/** A reset link works for one hour, once. */
export const resetTtlMs = 60 * 60 * 1000;

export const forgotMessage = 'If an account exists for that email, we have sent a link to reset the password.';
export const resetDoneMessage = 'Password updated. Please sign in with your new password.';
export const resetInvalidMessage = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * The reset mail for a registered account with this email, or undefined when there is none (guests have no
 * password to reset). Only the token's SHA-256 is stored; the token itself goes out in the mail only.
 */
export async function createPasswordReset(db: Kysely<Database>, email: string, appOrigin: string): Promise<MailMessage | undefined> {
  const customer = await db
    .selectFrom('customers')
    .select(['id', 'email', 'first_name'])
    .where('email_normalized', '=', normalizeEmail(email))
    .where('is_guest', '=', false)
    .executeTakeFirst();
  if (!customer) return undefined;
  const token = newSecret();
  await db
    .insertInto('password_resets')
    .values({ customer_id: customer.id, token_hash: hashSecret(token), expires_at: new Date(Date.now() + resetTtlMs), used_at: null })
    .execute();
  return resetMail(customer.email, customer.first_name, `${appOrigin}/account/resetpassword?token=${encodeURIComponent(token)}`);
}

function resetMail(to: string, firstName: string, link: string): MailMessage {
  // The name is the customer's own text: one line in its place, so it cannot write the rest of our mail.
  const greeting = mailText(firstName) ? `Hello ${mailText(firstName, 50)},` : 'Hello,';
  const text = [
    greeting,
    '',
    'Someone asked to reset the password of your Meat & Fish Store account. To choose a new password, open this link within one hour:',
    '',
    link,
    '',
    'If it was not you, ignore this mail: your password stays as it is.',
  ].join('\n');
  return { to, subject: 'Reset your password', text };
}

/**
 * Sets a new password with a reset token. The token is spent in the same transaction (a conditional update, so
 * two uses racing cannot both win), every other outstanding reset of the account is spent too, and every session
 * is revoked: whoever knew the old password is signed out everywhere. False when the token is unknown, expired or
 * already used.
 */
export async function resetPassword(db: Kysely<Database>, token: string, newPassword: string): Promise<boolean> {
  const live = await db
    .selectFrom('password_resets')
    .select(['id', 'customer_id'])
    .where('token_hash', '=', hashSecret(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  if (!live) return false;
  // Hashing takes a while: done before the transaction so the lock is short.
  const passwordHash = await hashPassword(newPassword);
  const reset = await db.transaction().execute(async (trx) => {
    const now = new Date();
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('id', '=', live.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 0n) return false;
    await trx.updateTable('customers').set({ password_hash: passwordHash }).where('id', '=', live.customer_id).execute();
    await trx.updateTable('password_resets').set({ used_at: now }).where('customer_id', '=', live.customer_id).where('used_at', 'is', null).execute();
    await trx.updateTable('sessions').set({ revoked_at: now }).where('customer_id', '=', live.customer_id).where('revoked_at', 'is', null).execute();
    return true;
  });
  // The sessions it revoked, out of this instance's kept ones at once (decision 078).
  if (reset) keptChanged(db, 'sessions');
  return reset;
}
