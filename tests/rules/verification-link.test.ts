import { describe, expect, it } from 'vitest';
import { verificationLinkOf } from '../../src/rules/verification-link.ts';

describe('the vendor verification link the KYC screen offers', () => {
  it('accepts https anywhere, as the vendor sent it', () => {
    expect(verificationLinkOf('https://verify.stripe.com/start/test_YWNjdF8x')).toBe('https://verify.stripe.com/start/test_YWNjdF8x');
    expect(verificationLinkOf('HTTPS://Verify.Stripe.com/start/x?y=1#z')).toBe('https://verify.stripe.com/start/x?y=1#z');
  });

  it('accepts plain http only on this machine (the local stand-in)', () => {
    expect(verificationLinkOf('http://localhost:12111/start/abc')).toBe('http://localhost:12111/start/abc');
    expect(verificationLinkOf('http://127.0.0.1:4000/start')).toBe('http://127.0.0.1:4000/start');
    expect(verificationLinkOf('http://verify.stripe.com/start/abc')).toBeUndefined();
    expect(verificationLinkOf('http://localhost.evil.example/start')).toBeUndefined();
    expect(verificationLinkOf('http://127.0.0.2/start')).toBeUndefined();
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['relative', '/kyc'],
    ['script', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['file', 'file:///etc/passwd'],
    ['ftp', 'ftp://verify.stripe.com/start'],
    ['protocol-relative', '//verify.stripe.com/start'],
    ['credentials hiding the host', 'https://verify.stripe.com@evil.example/start'],
    ['credentials', 'https://user:pass@verify.stripe.com/start'],
    ['junk', 'not a url'],
  ])('refuses a %s link', (_name, url) => {
    expect(verificationLinkOf(url)).toBeUndefined();
  });
});
