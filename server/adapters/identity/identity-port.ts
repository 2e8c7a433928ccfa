import { tooYoungMessage } from '../../../src/rules/age.ts';

/**
 * The identity port: compares the face on an ID card with a selfie and reads the date of birth from the card.
 * The local engine (local-identity-engine.ts, offline, the default) implements it; Stripe Identity
 * (stripe-identity-verifier.ts) is the vendor option. Images arrive as JPEG buffers already sanitised by the upload
 * slice. Why the threshold: docs/decisions/013-identity-engine.md; how a vendor fits: decision 016.
 */

/** Why an image pair could not be judged at all (nothing to compare, or nothing to read). */
export type IdentityRefusal =
  | 'unreadable-image'
  | 'no-face-on-id'
  | 'faces-on-id'
  | 'no-face-in-selfie'
  | 'faces-in-selfie'
  | 'unclear-face'
  | 'unreadable-date'
  // A vendor's own checks (decision 016): the document, the selfie, the holder's age, or the session itself.
  | 'document-unverified'
  | 'selfie-unverified'
  | 'under-21'
  | 'vendor-declined';

/** The outcome of a KYC check: ID front against selfie, and the date of birth read from the ID front. */
export type IdentityVerdict =
  | {
      kind: 'matched';
      faceMatchPercent: number;
      /** DD/MM/YYYY, as the spec's KYC verify result carries it. */
      dateOfBirth: string;
      documentNumber: string | null;
      /**
       * The selfie's face embedding (the engine's float vector): kept as the verified face once the photos are
       * deleted, so an order-time check compares a new selfie with it (compareWithEmbedding).
       */
      selfieEmbedding: number[];
    }
  | { kind: 'mismatch'; faceMatchPercent: number; message: string }
  | { kind: 'refused'; reason: IdentityRefusal; message: string }
  /**
   * A vendor that collects its own capture (decision 016) has not judged yet: nothing is decided, the photos stay.
   * continueUrl is where the shopper finishes the vendor's check (null while the vendor is processing).
   */
  | { kind: 'pending'; message: string; continueUrl: string | null };

/** The face half of a KYC check alone (no document read): ID front against selfie, with the selfie's embedding. */
export type FaceMatch =
  | { kind: 'matched'; faceMatchPercent: number; selfieEmbedding: number[] }
  | { kind: 'mismatch'; faceMatchPercent: number; message: string }
  | { kind: 'refused'; reason: IdentityRefusal; message: string };

/** The outcome of the order-time check: a new selfie against the verified one. */
export type FaceComparison =
  | { kind: 'matched'; faceMatchPercent: number }
  | { kind: 'mismatch'; faceMatchPercent: number; message: string }
  | { kind: 'refused'; reason: IdentityRefusal; message: string };

export interface IdentityImages {
  idFront: Buffer;
  selfie: Buffer;
  /** The application's public id: a vendor keys its session by it (one session per application); the local engine ignores it. */
  reference: string;
}

export interface IdentityVerifier {
  /** KYC: one face on each image, the same person, and a readable date of birth; otherwise a refusal or mismatch. */
  verifyIdentity(images: IdentityImages): Promise<IdentityVerdict>;
  /** The face half of verifyIdentity: one face on each image, compared; the selfie's embedding kept on a match. */
  matchFaces(images: Omit<IdentityImages, 'reference'>): Promise<FaceMatch>;
  /** Order-time face check: one face on each image, compared. */
  compareFaces(verified: Buffer, fresh: Buffer): Promise<FaceComparison>;
  /** Order-time face check against the kept embedding of the verified selfie: one face on the new selfie, compared. */
  compareWithEmbedding(verified: readonly number[], fresh: Buffer): Promise<FaceComparison>;
  /** Frees the models and threads; later calls reject. */
  close(): Promise<void>;
}

/**
 * What the shopper reads. The spec words the generic failures ('Error In Face Matching. Please Try Again' for KYC,
 * 'Error In Face Matching Or WebCam Access Issue. Please Try Again' for the order check); the spec has no words for
 * the specific refusals, so these say what to do next.
 */
export const identityMessages = {
  kycMismatch: 'Error In Face Matching. Please Try Again',
  orderMismatch: 'Error In Face Matching Or WebCam Access Issue. Please Try Again',
  /** A vendor session waiting for the shopper, or for the vendor (decision 016). */
  vendorContinue: 'Please finish verifying your identity with our verification partner, then press Check again.',
  vendorProcessing: 'Your identity check is being processed. Please press Check again in a minute.',
  refusals: {
    'unreadable-image': 'The photo could not be read. Please upload it again as a JPEG, PNG or WebP image.',
    'no-face-on-id': 'No face was found on the ID photo. Please upload a clear photo of the front of your ID.',
    'faces-on-id': 'More than one face was found on the ID photo. Please upload a photo of the front of your ID alone.',
    'no-face-in-selfie': 'No face was found in the selfie. Please Try Again with your face in the frame.',
    'faces-in-selfie': 'More than one face was found in the selfie. Please Try Again alone in the frame.',
    'unclear-face': 'A face was found but is not clear enough to compare. Please Try Again in good light, facing the camera.',
    'unreadable-date': 'The date of birth on the ID could not be read. Please upload a sharper photo of the front of your ID.',
    'document-unverified': 'Your ID could not be verified. Please start again with a valid, unexpired ID.',
    'selfie-unverified': 'Your selfie could not be verified against your ID. Please start again.',
    'under-21': tooYoungMessage,
    'vendor-declined': 'The identity check was not completed. Please start again.',
  } satisfies Record<IdentityRefusal, string>,
} as const;
