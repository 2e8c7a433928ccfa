import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../server/services/platform/tokens.ts';
import { eventually, generousLimits, login, post, register } from './account-helpers.ts';
import { json, startTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { APP_ORIGIN: 'https://shop.example.com/' }, rateLimits: generousLimits });
});
afterAll(async () => {
  await t.close();
});

const forgotReply = { code: 1, message: 'If an account exists for that email, we have sent a link to reset the password.' };
const invalidLink = { code: 0, message: 'This reset link is invalid or has expired. Please ask for a new one.' };

function outbox() {
  return t.database.db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

/** Asks for a reset and returns the token from the mail's link. */
async function resetTokenFor(email: string): Promise<string> {
  const before = (await outbox()).length;
  const response = await post(t, '/api/customer/forgot', { email });
  expect(json(response)).toEqual(forgotReply);
  const mail = await eventually(async () => (await outbox())[before]);
  const token = /\/account\/resetpassword\?token=([A-Za-z0-9_-]{43})\n/.exec(mail?.body_text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in the mail: ${mail?.body_text}`);
  return token;
}

function change(resetToken: string, newPassword: string, confirm = newPassword) {
  return post(t, '/api/customer/changepassword', { reset_token: resetToken, new_password: newPassword, confirm_password: confirm });
}

async function signInCode(email: string, password: string): Promise<unknown> {
  const body = json(await login(t, { email, password }));
  return typeof body === 'object' && body !== null && 'code' in body ? body.code : undefined;
}

describe('POST /api/customer/forgot', () => {
  it('mails a one-hour link from APP_ORIGIN and stores only the SHA-256 of its token', async () => {
    await register(t, { email: 'Forgetful@example.com', first_name: 'Fran' });
    const token = await resetTokenFor('forgetful@EXAMPLE.com');
    const mail = (await outbox()).at(-1);
    expect(mail).toMatchObject({ to_address: 'Forgetful@example.com', subject: 'Reset your password' });
    expect(mail?.body_text).toContain(`https://shop.example.com/account/resetpassword?token=${token}`);
    expect(mail?.body_text).toContain('Hello Fran,');

    const rows = await t.database.db.selectFrom('password_resets').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.token_hash === hashSecret(token));
    expect(row?.used_at).toBeNull();
    const minutes = ((row?.expires_at.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('answers an unknown email or a guest email exactly the same, and sends nothing', async () => {
    await post(t, '/api/cart/guestcart', { customer_email: 'guest@example.com' });
    const mailsBefore = (await outbox()).length;
    const resetsBefore = (await t.database.db.selectFrom('password_resets').select('id').execute()).length;
    for (const email of ['nobody@example.com', 'guest@example.com']) {
      const response = await post(t, '/api/customer/forgot', { email });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual(forgotReply);
    }
    // The reset mail is written after the reply: give a stray one time to show up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outbox()).toHaveLength(mailsBefore);
    expect(await t.database.db.selectFrom('password_resets').select('id').execute()).toHaveLength(resetsBefore);
  });

  it('needs an email in email format', async () => {
    const response = await post(t, '/api/customer/forgot', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ errors: [{ field: 'email', message: 'Email is required.' }] });
  });
});

describe('POST /api/customer/changepassword', () => {
  it('sets the new password, signs out every session and spends the token', async () => {
    await register(t, { email: 'changer@example.com', password: 'old password 1' });
    const sessions = [
      json(await login(t, { email: 'changer@example.com', password: 'old password 1' })),
      json(await login(t, { email: 'changer@example.com', password: 'old password 1' })),
    ];
    expect(sessions).toMatchObject([{ code: 1 }, { code: 1 }]);
    const otherToken = await resetTokenFor('changer@example.com');
    const token = await resetTokenFor('changer@example.com');

    const response = await change(token, 'new password 2');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ code: 1, message: 'Password updated. Please sign in with your new password.' });

    const customer = await t.database.db
      .selectFrom('customers')
      .select('id')
      .where('email_normalized', '=', 'changer@example.com')
      .executeTakeFirstOrThrow();
    const live = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('customer_id', '=', customer.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    expect(await signInCode('changer@example.com', 'old password 1')).toBe(-1);
    expect(await signInCode('changer@example.com', 'new password 2')).toBe(1);

    // Single use, and the other link sent before is spent with it.
    for (const spent of [token, otherToken]) {
      const again = await change(spent, 'third password 3');
      expect(again.statusCode).toBe(401);
      expect(json(again)).toEqual(invalidLink);
    }
    const rows = JSON.stringify(await t.database.db.selectFrom('password_resets').selectAll().execute());
    expect(rows).not.toContain(token);
    const hashes = JSON.stringify(await t.database.db.selectFrom('customers').select('password_hash').execute());
    expect(hashes).not.toContain('new password 2');
  });

  it('refuses an expired token and a forged one with 401', async () => {
    await register(t, { email: 'late@example.com' });
    const token = await resetTokenFor('late@example.com');
    await t.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashSecret(token))
      .execute();
    const expired = await change(token, 'new password 2');
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toEqual(invalidLink);
    const forged = await change('A'.repeat(43), 'new password 2');
    expect(forged.statusCode).toBe(401);
    expect(json(forged)).toEqual(invalidLink);
  });

  it('lists every invalid field (400), including a mismatch', async () => {
    const empty = await post(t, '/api/customer/changepassword', {});
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({
      errors: [
        { field: 'reset_token', message: 'The reset link is incomplete. Please open the link from the email again.' },
        { field: 'new_password', message: 'New password is required.' },
        { field: 'confirm_password', message: 'Confirm password is required.' },
      ],
    });
    const mismatch = await change('some-token', 'short', 'different');
    expect(json(mismatch)).toMatchObject({
      errors: [
        { field: 'new_password', message: 'Password must be at least 8 characters.' },
        { field: 'confirm_password', message: 'Passwords must match' },
      ],
    });
  });
});
