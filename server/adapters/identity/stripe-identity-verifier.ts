import Stripe from 'stripe';
import {
  identityMessages,
  type FaceComparison,
  type FaceMatch,
  type IdentityImages,
  type IdentityRefusal,
  type IdentityVerdict,
  type IdentityVerifier,
} from './identity-port.ts';

export interface StripeIdentityOptions {
  /** A restricted key with Identity access (reading a date of birth needs one), or the account's secret key. */
  secretKey: string;
  /** Where Stripe's hosted page sends the shopper back (the KYC screen). */
  returnUrl: string;
  /** Where the API lives; tests point these at a local stand-in (tests/server/stripe-standin.ts). */
  apiHost?: string | undefined;
  apiPort?: number | undefined;
  apiProtocol?: 'http' | 'https' | undefined;
  maxNetworkRetries?: number | undefined;
  timeoutMs?: number | undefined;
}

/** Sensitive outputs are sent only when asked by name (and only to a restricted key). */
const sessionExpand = ['verified_outputs', 'verified_outputs.dob', 'last_verification_report', 'last_verification_report.document.number'];

/** last_error codes that judged nothing (the shopper left, declined, or had no camera): the same session may go on. */
const unjudged = new Set(['abandoned', 'consent_declined', 'device_not_supported']);

type VendorVerdict = Exclude<IdentityVerdict, { kind: 'matched' }> | { kind: 'verified'; dateOfBirth: string; documentNumber: string | null };

/**
 * KYC through Stripe Identity (IDENTITY_ENGINE=stripe; decision 016). Stripe judges only what it captures itself, in
 * its own page, so this adapter keeps one VerificationSession per application (client_reference_id = the
 * application id; document + matching live selfie) and reports its state: 'pending' with the session's URL until the
 * shopper has done it; then Stripe's verdict — its document and selfie checks, and the date of birth it read.
 *
 * What Stripe has no API for stays with the local engine (`faces`): the photos uploaded to us must show one face each
 * and the same person (checked before a session is made, so a plain mismatch costs none, and again once Stripe has
 * verified, for the figure and the embedding), which gives the spec's match
 * figure and the embedding that order-time face checks compare with; compareFaces/compareWithEmbedding are the local
 * engine's. A Stripe API failure rejects: the service answers 'Something Went Wrong' and decides nothing.
 */
export class StripeIdentityVerifier implements IdentityVerifier {
  private readonly stripe: Stripe;

  constructor(
    private readonly options: StripeIdentityOptions,
    private readonly faces: IdentityVerifier,
  ) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'meat-and-fish-store' },
      ...(options.apiHost === undefined ? {} : { host: options.apiHost }),
      ...(options.apiPort === undefined ? {} : { port: options.apiPort }),
      ...(options.apiProtocol === undefined ? {} : { protocol: options.apiProtocol }),
    });
  }

  async verifyIdentity({ idFront, selfie, reference }: IdentityImages): Promise<IdentityVerdict> {
    const sessions = this.stripe.identity.verificationSessions;
    const [existing] = (await sessions.list({ client_reference_id: reference, limit: 1 })).data;
    // The faces are compared before a session is made, and then only once Stripe has verified: a shopper pressing
    // Submit while Stripe waits costs two API calls, not a second of the engine.
    if (existing === undefined) {
      const faces = await this.faces.matchFaces({ idFront, selfie });
      if (faces.kind !== 'matched') return faces;
    }
    const session = await sessions.retrieve(existing?.id ?? (await this.createSession(reference)), { expand: sessionExpand });
    const vendor = verdictOf(session);
    if (vendor.kind !== 'verified') return vendor;
    const faces = await this.faces.matchFaces({ idFront, selfie });
    if (faces.kind !== 'matched') return faces;
    return {
      kind: 'matched',
      faceMatchPercent: faces.faceMatchPercent,
      dateOfBirth: vendor.dateOfBirth,
      documentNumber: vendor.documentNumber,
      selfieEmbedding: faces.selfieEmbedding,
    };
  }

  matchFaces(images: Omit<IdentityImages, 'reference'>): Promise<FaceMatch> {
    return this.faces.matchFaces(images);
  }

  compareFaces(verified: Buffer, fresh: Buffer): Promise<FaceComparison> {
    return this.faces.compareFaces(verified, fresh);
  }

  compareWithEmbedding(verified: readonly number[], fresh: Buffer): Promise<FaceComparison> {
    return this.faces.compareWithEmbedding(verified, fresh);
  }

  close(): Promise<void> {
    return this.faces.close();
  }

  /** The application's session (two at once make one: the idempotency key); its id. */
  private async createSession(reference: string): Promise<string> {
    const session = await this.stripe.identity.verificationSessions.create(
      {
        type: 'document',
        client_reference_id: reference,
        metadata: { kyc_application: reference },
        options: {
          document: {
            allowed_types: ['driving_license', 'passport', 'id_card'],
            require_live_capture: true,
            require_matching_selfie: true,
          },
        },
        return_url: this.options.returnUrl,
      },
      { idempotencyKey: `kyc-application-${reference}` },
    );
    return session.id;
  }
}

function refuse(reason: IdentityRefusal): VendorVerdict {
  return { kind: 'refused', reason, message: identityMessages.refusals[reason] };
}

/** What a session's state means for the application. */
export function verdictOf(session: Stripe.Identity.VerificationSession): VendorVerdict {
  switch (session.status) {
    case 'processing':
      return { kind: 'pending', message: identityMessages.vendorProcessing, continueUrl: null };
    case 'canceled':
      return refuse('vendor-declined');
    case 'requires_input': {
      const code = session.last_error?.code ?? null;
      if (code === null || unjudged.has(code)) return { kind: 'pending', message: identityMessages.vendorContinue, continueUrl: session.url };
      if (code === 'selfie_face_mismatch') return { kind: 'mismatch', faceMatchPercent: 0, message: identityMessages.kycMismatch };
      if (code === 'under_supported_age') return refuse('under-21');
      if (code.startsWith('document_') || code === 'selfie_document_missing_photo') return refuse('document-unverified');
      if (code.startsWith('selfie_')) return refuse('selfie-unverified');
      return refuse('vendor-declined');
    }
    case 'verified': {
      const report = session.last_verification_report;
      if (typeof report !== 'object' || report === null) throw new Error('Stripe Identity: the verification report was not expanded');
      if (report.document?.status !== 'verified') return refuse('document-unverified');
      // A verified session without a selfie check (a session made elsewhere, a changed flow) is not enough.
      if (report.selfie?.status !== 'verified') return refuse('selfie-unverified');
      const dateOfBirth = formatDob(session.verified_outputs?.dob ?? null);
      if (dateOfBirth === null) return refuse('unreadable-date');
      return { kind: 'verified', dateOfBirth, documentNumber: report.document.number ?? null };
    }
    default:
      throw new Error(`Stripe Identity: unknown session status ${session.status}`);
  }
}

/** Stripe's { day, month, year } as the spec's DD/MM/YYYY; null when any part is missing. */
function formatDob(dob: { day: number | null; month: number | null; year: number | null } | null): string | null {
  if (!dob || dob.day === null || dob.month === null || dob.year === null) return null;
  return `${String(dob.day).padStart(2, '0')}/${String(dob.month).padStart(2, '0')}/${String(dob.year).padStart(4, '0')}`;
}
