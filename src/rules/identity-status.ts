/**
 * The customer's identity status as the account tab shows it (issue 11, /setting/user): one word for where their
 * verification stands, the reason of a refusal in plain words, and which entry leads to the KYC screen. Pure: the
 * server derives the status from its rows (account-dashboard.ts), the view only reads these.
 */

export const identityStatuses = ['not-started', 'pending', 'verified', 'refused'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

/** What the server knows, reduced to what the status needs: the customer's flag and their latest application. */
export interface IdentityFacts {
  isVerified: boolean;
  latest:
    | {
        status: 'started' | 'uploaded' | 'verified' | 'refused';
        refusalReason: string | null;
      }
    | undefined;
}

/**
 * - verified: the customer's flag (a verified customer stays verified while a later update is under way).
 * - pending: all three photos uploaded, or a face match waiting for the age decision.
 * - refused: the latest application was refused (the reason in plain words).
 * - not-started: no application, or one whose photos are not all uploaded yet.
 */
export function identityStatusOf(facts: IdentityFacts): { status: IdentityStatus; reason: string } {
  if (facts.isVerified) return { status: 'verified', reason: '' };
  const latest = facts.latest;
  if (!latest || latest.status === 'started') return { status: 'not-started', reason: '' };
  if (latest.status === 'refused') return { status: 'refused', reason: refusalWords(latest.refusalReason) };
  // 'uploaded', or 'verified' (matched) without the final decision: the customer verify is still to come.
  return { status: 'pending', reason: '' };
}

/** The stored refusal reasons (kyc-verification.ts, customer-verification.ts, the identity port's refusals) in plain words. */
const refusalReasonWords: Readonly<Record<string, string>> = {
  'face-mismatch': 'The faces did not match',
  'under-21': 'Under 21',
  'unreadable-date': 'The date of birth on the ID could not be read',
  'unreadable-image': 'A photo could not be read',
  'no-face-on-id': 'No face was found on the ID',
  'faces-on-id': 'More than one face was found on the ID',
  'no-face-in-selfie': 'No face was found in the selfie',
  'faces-in-selfie': 'More than one face was found in the selfie',
  'unclear-face': 'The face was not clear enough to compare',
  // The vendor's own checks (decision 016, IDENTITY_ENGINE=stripe).
  'document-unverified': 'The ID could not be verified (it may be expired or unreadable)',
  'selfie-unverified': 'The selfie could not be verified against the ID',
  'vendor-declined': 'The identity check with our verification partner was not completed',
};

export const unknownRefusalWords = 'The application was not accepted';

export function refusalWords(reason: string | null): string {
  // Own keys only: 'constructor' and the like are not reasons.
  return (reason !== null && Object.hasOwn(refusalReasonWords, reason) && refusalReasonWords[reason]) || unknownRefusalWords;
}

/** The line the account tab shows for each status. */
export const identityStatusText: Readonly<Record<IdentityStatus, string>> = {
  'not-started': 'Not started',
  pending: 'Pending: your photos are waiting for a decision',
  verified: 'Verified',
  refused: 'Refused',
};

/** 'Verify your identity' when there is nothing to update (not started, refused); 'Update verification' otherwise. */
export function identityEntryLabel(status: IdentityStatus): string {
  return status === 'pending' || status === 'verified' ? 'Update verification' : 'Verify your identity';
}
