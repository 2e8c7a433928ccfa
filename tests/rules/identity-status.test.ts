import { describe, expect, it } from 'vitest';
import { identityMessages } from '../../server/adapters/identity/identity-port.ts';
import { identityEntryLabel, identityStatusOf, refusalWords, unknownRefusalWords } from '../../src/rules/identity-status.ts';

describe('the identity status on the account tab', () => {
  it('says where the verification stands', () => {
    expect(identityStatusOf({ isVerified: false, latest: undefined })).toEqual({ status: 'not-started', reason: '' });
    expect(identityStatusOf({ isVerified: false, latest: { status: 'started', refusalReason: null } }).status).toBe('not-started');
    expect(identityStatusOf({ isVerified: false, latest: { status: 'uploaded', refusalReason: null } }).status).toBe('pending');
    expect(identityStatusOf({ isVerified: false, latest: { status: 'verified', refusalReason: null } }).status).toBe('pending');
    // A verified customer stays verified while an update is refused or under way.
    expect(identityStatusOf({ isVerified: true, latest: { status: 'refused', refusalReason: 'face-mismatch' } })).toEqual({
      status: 'verified',
      reason: '',
    });
  });

  it('words the vendor refusals for the shopper', () => {
    const refused = (reason: string) => identityStatusOf({ isVerified: false, latest: { status: 'refused', refusalReason: reason } });
    expect(refused('document-unverified')).toEqual({ status: 'refused', reason: 'The ID could not be verified (it may be expired or unreadable)' });
    expect(refused('selfie-unverified')).toEqual({ status: 'refused', reason: 'The selfie could not be verified against the ID' });
    expect(refused('vendor-declined')).toEqual({
      status: 'refused',
      reason: 'The identity check with our verification partner was not completed',
    });
  });

  it('has words for every refusal the server can store, and a generic line for anything else', () => {
    const stored = [...Object.keys(identityMessages.refusals), 'face-mismatch'];
    for (const reason of stored) expect(refusalWords(reason), reason).not.toBe(unknownRefusalWords);
    expect(refusalWords(null)).toBe(unknownRefusalWords);
    expect(refusalWords('something-new')).toBe(unknownRefusalWords);
    // An inherited object key is not a reason.
    expect(refusalWords('constructor')).toBe(unknownRefusalWords);
  });

  it('offers the right entry to the KYC screen', () => {
    expect(identityEntryLabel('not-started')).toBe('Verify your identity');
    expect(identityEntryLabel('refused')).toBe('Verify your identity');
    expect(identityEntryLabel('pending')).toBe('Update verification');
    expect(identityEntryLabel('verified')).toBe('Update verification');
  });
});
