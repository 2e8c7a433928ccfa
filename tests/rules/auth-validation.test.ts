import { describe, expect, it } from 'vitest';
import {
  createAccountErrors,
  dobError,
  dobToIso,
  emailOnlyErrors,
  normalizeEmail,
  signInErrors,
  updatePasswordErrors,
} from '../../src/rules/auth-validation.ts';

describe('sign in', () => {
  it("uses the spec's messages, every field at once", () => {
    expect(signInErrors({ email: '', password: '' })).toEqual({ email: 'Email is required.', password: 'Password is required.' });
    expect(signInErrors({ email: 'alice@', password: 'short' })).toEqual({
      email: 'Email must be in email format.',
      password: 'Password must be at least 8 characters.',
    });
    expect(signInErrors({ email: ' alice@example.com ', password: '12345678' })).toEqual({});
  });

  it('caps passwords at 64 characters and emails at 254', () => {
    expect(signInErrors({ email: `${'a'.repeat(250)}@example.com`, password: 'x'.repeat(65) })).toEqual({
      email: 'Email must be at most 254 characters.',
      password: 'Password must be at most 64 characters.',
    });
    // 64 emoji are 64 characters, not 128.
    expect(signInErrors({ email: 'a@b.co', password: '🥩'.repeat(64) })).toEqual({});
  });

  it('never trims a password: spaces count', () => {
    expect(signInErrors({ email: 'a@b.co', password: '        ' })).toEqual({});
  });
});

describe('create account', () => {
  const valid = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', password: 'abcdefgh', confirm_password: 'abcdefgh' };

  it("uses the spec's messages for every invalid field", () => {
    expect(createAccountErrors({ first_name: '', last_name: ' ', email: '', password: '', confirm_password: '' })).toEqual({
      first_name: 'First Name is required.',
      last_name: 'Last Name is required.',
      email: 'Email is required.',
      password: 'Password is required.',
      confirm_password: 'Confirm password is required.',
    });
    expect(createAccountErrors({ ...valid, email: 'ann', password: 'abc', confirm_password: 'abd' })).toEqual({
      email: 'must be in email format',
      password: 'Password is too short - should be 8 chars minimum.',
      confirm_password: 'Passwords must match',
    });
    expect(createAccountErrors(valid)).toEqual({});
  });

  it('limits names to 100 characters', () => {
    expect(createAccountErrors({ ...valid, first_name: 'x'.repeat(101), last_name: 'y'.repeat(101) })).toEqual({
      first_name: 'First Name must be at most 100 characters.',
      last_name: 'Last Name must be at most 100 characters.',
    });
  });

  it('reads MM/DD/YYYY dates of birth that really exist', () => {
    const today = new Date('2026-11-20T00:00:00Z');
    expect(dobToIso('02/29/2004', today)).toBe('2004-02-29');
    expect(dobError('', today)).toBeUndefined();
    for (const bad of ['02/30/2004', '13/01/2000', '2000-01-01', '1/2/2000', '01/01/1899', '12/31/2026']) {
      expect(dobError(bad, today)).toBe('Date of birth must be a real date in MM/DD/YYYY format.');
    }
  });
});

describe('update password', () => {
  it('requires both, 8 characters, and the same twice', () => {
    expect(updatePasswordErrors({ new_password: '', confirm_password: '' })).toEqual({
      new_password: 'New password is required.',
      confirm_password: 'Confirm password is required.',
    });
    expect(updatePasswordErrors({ new_password: 'short', confirm_password: 'other' })).toEqual({
      new_password: 'Password must be at least 8 characters.',
      confirm_password: 'Passwords must match',
    });
    expect(updatePasswordErrors({ new_password: 'long enough', confirm_password: 'long enough' })).toEqual({});
  });
});

describe('guest email and forgot password', () => {
  it('requires an email in email format', () => {
    expect(emailOnlyErrors({ email: '' })).toEqual({ email: 'Email is required.' });
    expect(emailOnlyErrors({ email: 'not an email' })).toEqual({ email: 'Email must be in email format.' });
    expect(emailOnlyErrors({ email: 'a@b.co' })).toEqual({});
  });

  it('compares emails without case or surrounding spaces', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });
});
