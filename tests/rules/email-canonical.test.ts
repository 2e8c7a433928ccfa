import { describe, expect, test } from 'vitest';
import { canonicalEmail } from '../../src/rules/email-canonical.ts';

describe('one key per mailbox, for limits (issue 26 item 2)', () => {
  test.each([
    // The probe's variants of one email: each got WELCOME10 again.
    ['Victim@Example.com', 'victim@example.com'],
    ['  victim@example.com ', 'victim@example.com'],
    ['victim+again@example.com', 'victim@example.com'],
    ['victim@example.com.', 'victim@example.com'],
    ['VICTIM+Two+Three@EXAMPLE.COM..', 'victim@example.com'],
    // Gmail ignores dots and answers for googlemail.com too.
    ['j.o.h.n.doe+shop@gmail.com', 'johndoe@gmail.com'],
    ['John.Doe@GoogleMail.com', 'johndoe@gmail.com'],
    // Elsewhere a dot may tell two people apart: it stays.
    ['j.doe@example.com', 'j.doe@example.com'],
    // Nothing but a tag: kept, there is nothing else to go by.
    ['+tag@example.com', '+tag@example.com'],
    ['not-an-email', 'not-an-email'],
  ])('%s counts as %s', (typed, canonical) => {
    expect(canonicalEmail(typed)).toBe(canonical);
  });

  test('different mailboxes stay different', () => {
    expect(canonicalEmail('jdoe@example.com')).not.toBe(canonicalEmail('j.doe@example.com'));
    expect(canonicalEmail('victim@example.com')).not.toBe(canonicalEmail('victim@example.org'));
  });
});
