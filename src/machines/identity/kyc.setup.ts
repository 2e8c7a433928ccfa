import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import {
  kycMessages,
  kycUploadMessages,
  type CustomerVerifyBody,
  type CustomerVerifyReply,
  type KycApplicationBody,
  type KycApplicationReply,
  type KycSide,
  type KycUploadBody,
  type KycUploadReply,
  type VerifyKycBody,
  type VerifyKycReply,
} from '../../api/contract/kyc.contract.ts';
import { ApiError, type Sent } from '../../api/http.ts';
import { customerVerify, loadKycApplication, uploadKycImage, verifyKyc } from '../../api/kyc.api.ts';
import { checkAge } from '../../rules/age.ts';
import { verificationLinkOf } from '../../rules/verification-link.ts';
import type { KycReturnPath } from '../../rules/kyc-return.ts';
import { isSignedIn } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';

export interface KycInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** Opened from /setting/user to update a verification: Cancel is offered and goes back there. */
  updateMode: boolean;
  /** The shopper's calendar date as 'YYYY-MM-DD': the age is computed on it (the view passes today, tests a fixed day). */
  today: string;
  /** Where the shopper came from (rules/kyc-return.ts: only the cart or checkout); verified, they go back there. */
  returnTo?: KycReturnPath | undefined;
}

export type KycImages = Partial<Record<KycSide, string>>;

/** What the face match gave: the figure to show and the date of birth read from the ID. */
export interface KycMatch {
  percent: number;
  dob: string;
}

export interface KycContext extends KycInput {
  applicationId: string | undefined;
  /** The chosen photos as data URLs, kept through a failed attempt so a retry needs only what was wrong. */
  images: KycImages;
  /** The spec's 'Aadhar Front In Not Uploaded.' lines, all at once, for the photos still missing. */
  missing: string[];
  /** The failure line (a refusal, the server's words, the network). */
  message: string | undefined;
  match: KycMatch | undefined;
  /** The vendor's page where the shopper finishes a pending check (decision 016), only when safe to open. */
  verificationUrl: string | undefined;
  /**
   * All three photos are already on the server, undecided (a vendor's hosted page returns the shopper to a fresh /kyc):
   * Check again verifies them without choosing them again.
   */
  photosOnServer: boolean;
}

export type KycEvent =
  | { type: 'kyc.front.choose'; dataUrl: string }
  | { type: 'kyc.back.choose'; dataUrl: string }
  | { type: 'kyc.selfie.take'; dataUrl: string }
  | { type: 'kyc.selfie.retake' }
  | { type: 'kyc.submit' }
  | { type: 'kyc.retry' }
  | { type: 'kyc.check' }
  | { type: 'kyc.cancel' };

/** The three photos in the order they are uploaded, each with the spec's line when it is missing. */
export const kycPhotos: readonly { side: KycSide; missing: string }[] = [
  { side: 'aadhaar_front', missing: kycMessages.frontMissing },
  { side: 'aadhaar_back', missing: kycMessages.backMissing },
  { side: 'selfie', missing: kycMessages.selfieMissing },
];

/** The spec's lines for every photo not chosen yet, in screen order. */
export function missingPhotoMessages(images: KycImages): string[] {
  return kycPhotos.filter(({ side }) => !images[side]).map(({ missing }) => missing);
}

function missingMessageOf(side: KycSide): string {
  return kycPhotos.find((photo) => photo.side === side)?.missing ?? '';
}

/** An upload refusal: the spec's 'Error In Uploading.' and, for a 400, the server's reason (too large, not an image…). */
export function uploadFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return kycUploadMessages.failed;
  return [error.message || kycUploadMessages.failed, ...error.errors.map((e) => e.message)].join(' ');
}

function isApplicationReply(reply: KycApplicationReply): boolean {
  return reply.code === 1 && reply.data !== undefined;
}

function hasPhotosOnServer(reply: KycApplicationReply): boolean {
  const uploaded = reply.data?.uploaded;
  return reply.data?.status === 'uploaded' && uploaded !== undefined && kycPhotos.every(({ side }) => uploaded[side]);
}

/** The kyc machine's types and implementations (guards, actions, actors, delays): its chart is kyc.machine.ts. */
export const kycSetup = setup({
  types: {
    context: {} as KycContext,
    input: {} as KycInput,
    events: {} as KycEvent,
  },
  actors: {
    loadApplication: fromPromise<KycApplicationReply, Sent<KycApplicationBody>>(({ input }) => loadKycApplication(input)),
    uploadImage: fromPromise<KycUploadReply, Sent<KycUploadBody>>(({ input }) => uploadKycImage(input)),
    verifyKyc: fromPromise<VerifyKycReply, Sent<VerifyKycBody>>(({ input }) => verifyKyc(input)),
    verifyCustomer: fromPromise<CustomerVerifyReply, Sent<CustomerVerifyBody>>(({ input }) => customerVerify(input)),
  },
  guards: {
    isUpdateMode: ({ context }) => context.updateMode,
    // Only a customer's account can be verified: a guest (no token, or a guest checkout's) signs in or signs up first.
    isGuest: ({ context }) => !isSignedIn(context.session.getSnapshot().context),
    // Sign-in's verification_id names the application that verified them; /kyc?mode=update is the way to redo it.
    isVerifiedCustomer: ({ context }) => !context.updateMode && Boolean(context.session.getSnapshot().context.verification_id),
    hasAllPhotos: ({ context }) => missingPhotoMessages(context.images).length === 0,
    // Photos chosen on this screen replace the server's: then Submit uploads them, Check again is not offered.
    canCheckServerPhotos: ({ context }) => context.photosOnServer && Object.values(context.images).every((image) => !image),
    hasApplication: (_, params: { reply: KycApplicationReply }) => isApplicationReply(params.reply),
    isUploaded: (_, params: { reply: KycUploadReply }) => params.reply.code === 1,
    isFaceMatch: (_, params: { reply: VerifyKycReply }) => params.reply.code === 1 && params.reply.data?.faceMatch === true,
    // A vendor that has not decided yet (IDENTITY_ENGINE=stripe): nothing refused, the photos kept on the server.
    isVerificationPending: (_, params: { reply: VerifyKycReply }) => params.reply.code === 2 && params.reply.pending === true,
    isOverAge: ({ context }) => context.match !== undefined && checkAge(context.match.dob, context.today).kind === 'over-21',
    isTooYoung: ({ context }) => context.match !== undefined && checkAge(context.match.dob, context.today).kind === 'too-young',
    isCustomerVerified: (_, params: { reply: CustomerVerifyReply }) => params.reply.code === 1,
    // Only signed-in shoppers get this far (deciding); one with a cart, or sent here by the checkout, goes back.
    returnsToOrder: ({ context }) => context.returnTo !== undefined || Boolean(context.session.getSnapshot().context.cart_id),
  },
  actions: {
    assignApplication: assign((_, params: { reply: KycApplicationReply }) => ({
      applicationId: params.reply.data?.applicationId,
      photosOnServer: hasPhotosOnServer(params.reply),
    })),
    assignPhoto: assign(({ context }, params: { side: KycSide; dataUrl: string }) => ({
      images: { ...context.images, [params.side]: params.dataUrl },
      missing: context.missing.filter((line) => line !== missingMessageOf(params.side)),
    })),
    clearSelfie: assign(({ context }) => ({ images: { ...context.images, selfie: undefined } })),
    assignMissing: assign(({ context }) => ({ missing: missingPhotoMessages(context.images), message: undefined })),
    clearFailure: assign({ missing: [], message: undefined }),
    assignMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    assignMatch: assign((_, params: { reply: VerifyKycReply }) => ({
      match: params.reply.data ? { percent: params.reply.data.faceMatchPercent, dob: params.reply.data.dob } : undefined,
    })),
    assignPending: assign((_, params: { reply: VerifyKycReply }) => ({
      message: params.reply.message || kycMessages.somethingWrong,
      verificationUrl: verificationLinkOf(params.reply.verificationUrl),
    })),
    clearPending: assign({ message: undefined, verificationUrl: undefined }),
    assignAgeRefusal: assign(({ context }) => {
      const age = context.match ? checkAge(context.match.dob, context.today) : undefined;
      return { message: age && age.kind !== 'over-21' ? age.message : kycMessages.somethingWrong };
    }),
    // The spec: "With an empty cart id the session is cleared first" — the shopper signs in again, now verified.
    forgetSession: sendTo(({ context }) => context.session, { type: 'session.logout' }),
    // A session kept (a cart id) learns what the next sign-in would say: this application made the customer verified,
    // so the checkout's face check has its face match id.
    recordVerification: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update', values: { verification_id: context.applicationId } }),
    ),
    // Navigation and the snackbar belong to the view: it provides these.
    notifyFaceMatch: (_, _params: { message: string }) => undefined,
    notifySignedUp: (_, _params: { message: string }) => undefined,
    goToSignIn: () => undefined,
    goBack: (_, _params: { path: KycReturnPath }) => undefined,
    goToSettings: () => undefined,
  },
});
