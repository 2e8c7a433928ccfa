import { assign, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import {
  faceCheckSuccessMessage,
  kycFileName,
  kycMessages,
  type IdentityRefusal,
  type IdentityReply,
  type KycUploadReply,
  type VerifyOrderReply,
} from '../../api/contract/kyc.contract.ts';
import { loadIdentity, uploadKycImage, verifyOrderFace } from '../../api/kyc.api.ts';
import { tooYoungMessage } from '../../rules/age.ts';
import { faceCheckReadiness, facePassNoteAt, type FaceCheckReadiness } from '../../rules/face-check.ts';
import { isSignedIn } from '../app/session-values.ts';
import type { sessionMachine } from '../app/session.machine.ts';

/** What the face check says when the webcam cannot be used (the spec's face-check failure names WebCam access). */
export const webcamIssueMessage = kycMessages.orderFaceFailed;

/** The spec's 'Face Match Id Not Available.': the customer has no verified identity to compare with (identityNeeded). */
export const noFaceMatchIdMessage = kycMessages.faceMatchIdMissing;

/**
 * A customer refused as 21 or under (the server's refusal 'under-21'): the spec's face-check texts have none for this,
 * so the KYC screen's age refusal, which says why.
 */
export const underAgeMessage = tooYoungMessage;

export interface FaceVerifyInput {
  session: ActorRefFrom<typeof sessionMachine>;
  /** The clock the face pass is dated by (tests pin it); the browser's by default. */
  now?: (() => Date) | undefined;
}

export interface FaceVerifyContext {
  session: ActorRefFrom<typeof sessionMachine>;
  now: () => Date;
  /** The open cart: the pass is recorded for it (verifyorder's orderID; no order exists yet). */
  cartId: string | undefined;
  /**
   * The customer's verified KYC application: the server's (api/customer/identity) once read, sign-in's verification_id
   * until then (or when the read fails); undefined when there is none.
   */
  applicationId: string | undefined;
  /** The server's reason this customer may not take the check ('under-21'), once read. */
  refusal: IdentityRefusal | undefined;
  /** The webcam selfie as a JPEG data URL, once taken. */
  selfie: string | undefined;
  /** The spec's failure message on screen, until the shopper acts again. */
  error: string | undefined;
  /** The match's percent, once the server found one. */
  faceMatchPercent: number;
}

export interface FaceVerifyOutput {
  faceMatchPercent: number;
}

export type FaceVerifyEvent = { type: 'face.selfie.take'; dataUrl: string } | { type: 'face.selfie.retake' } | { type: 'face.verify' };

/** Upload data URLs name the application; the verify call needs it too. */
interface UploadInput {
  imageData: string;
  applicationId: string;
}

/**
 * Face verify (spec "Face verify"; DESIGN.md's face-verify statechart): one machine for the checkout's face step
 * ('Verify Yourself Before Placing An Order', invoked by checkout.machine) and the /verifyFace screen.
 *
 * First, who is asking (rules/face-check.ts): a guest is asked to sign in or create an account, a customer without a
 * verified identity to verify on /kyc (the spec's "needs a face match id"), a shopper without an open cart to fill one.
 * The checkout gates those earlier, so there the check opens on the camera.
 *
 * Then a webcam selfie, uploaded as the selfie of the customer's verified application ({applicationId}_selfie.jpg),
 * and verifyorder with the cart id: the server compares it with the face kept at KYC and, on a match, records a
 * 15-minute face pass for the cart that place order takes. A match ends the check with its percent and a note in the
 * session, so the checkout skips its face step while the pass is fresh; the /verifyFace screen then says 'Face
 * Verification Successful Match is {n} %' and continues to checkout (the spec: "a match continues to checkout").
 * Every failure shows the spec's message and the shopper tries again (a mismatch drops the selfie so the camera opens
 * for a new one).
 */
export const faceVerifyMachine = setup({
  types: {
    context: {} as FaceVerifyContext,
    input: {} as FaceVerifyInput,
    events: {} as FaceVerifyEvent,
    output: {} as FaceVerifyOutput,
  },
  actors: {
    loadIdentity: fromPromise<IdentityReply>(() => loadIdentity({})),
    uploadSelfie: fromPromise<KycUploadReply, UploadInput>(({ input }) =>
      uploadKycImage({ imageData: input.imageData, fileName: kycFileName(input.applicationId, 'selfie') }),
    ),
    verifyFace: fromPromise<VerifyOrderReply, { applicationId: string; cartId: string }>(({ input }) =>
      verifyOrderFace({ applicationID: input.applicationId, orderID: input.cartId }),
    ),
  },
  guards: {
    isReadiness: ({ context }, params: { readiness: FaceCheckReadiness }) =>
      faceCheckReadiness({
        signedIn: isSignedIn(context.session.getSnapshot().context),
        verificationId: context.applicationId,
        cartId: context.cartId,
        refusedUnderAge: context.refusal === 'under-21',
      }) === params.readiness,
    isSignedIn: ({ context }) => isSignedIn(context.session.getSnapshot().context),
    isIdentityRead: (_, params: { reply: IdentityReply }) => params.reply.code === 1 && params.reply.data !== undefined,
    isUnderAgeRefusal: (_, params: { reply: VerifyOrderReply }) => params.reply.refusal === 'under-21',
    hasNoSelfie: ({ context }) => context.selfie === undefined,
    isUploaded: (_, params: { reply: KycUploadReply }) => params.reply.code === 1,
    isMatch: (_, params: { reply: VerifyOrderReply }) => params.reply.code === 1 && params.reply.data?.faceMatch === true,
  },
  actions: {
    // The server's word on the identity, kept in the session too: the checkout and the product cards read it there.
    assignIdentity: assign((_, params: { reply: IdentityReply }) => ({
      applicationId: params.reply.data?.verification_id || undefined,
      refusal: params.reply.data?.refusal,
    })),
    keepIdentity: sendTo(
      ({ context }) => context.session,
      ({ context }) => ({ type: 'session.update', values: { verification_id: context.applicationId } }),
    ),
    // The application named is not a verified one: the session forgets it too (keepIdentity).
    assignUnderAge: assign({ refusal: 'under-21' as const, applicationId: undefined, selfie: undefined, error: undefined }),
    assignSelfie: assign((_, params: { dataUrl: string }) => ({ selfie: params.dataUrl, error: undefined })),
    clearSelfie: assign({ selfie: undefined, error: undefined }),
    clearError: assign({ error: undefined }),
    assignError: assign((_, params: { message: string }) => ({ error: params.message })),
    assignMatch: assign((_, params: { reply: VerifyOrderReply }) => ({ faceMatchPercent: params.reply.data?.faceMatchPercent ?? 0 })),
    // A mismatch: the server's words (or the spec's), and a new selfie is needed.
    assignMismatch: assign((_, params: { reply: VerifyOrderReply }) => ({
      selfie: undefined,
      error: params.reply.message || kycMessages.orderFaceFailed,
    })),
    // The browser's note of the pass, from the browser's clock at the match: the checkout skips its face step for this
    // cart while it is fresh.
    recordFacePass: sendTo(
      ({ context }) => context.session,
      ({ context }) => {
        const note = facePassNoteAt(context.cartId ?? '', context.now().getTime());
        return { type: 'session.update', values: { faceCheckedCart: note.cartId, faceCheckedUntil: note.until } };
      },
    ),
    // Provided by the /verifyFace screen (the checkout shows its own snackbar and opens its summary).
    notifyMatch: (_, _params: { message: string }) => undefined,
    goToCheckout: () => undefined,
  },
}).createMachine({
  description:
    "The face check before ordering an age-restricted drink (cart-checkout-account.md, Checkout tabs step 6 'Verify Yourself Before Placing An Order', and States and transitions, Face verify), used both as the checkout's face step and on its own at /verifyFace. The shopper takes a webcam selfie, it is uploaded and compared with the face kept from their identity verification; a match allows the order for the next 15 minutes and continues to checkout, any failure shows the spec's message and lets the shopper try again.",
  id: 'faceVerify',
  context: ({ input }) => {
    const values = input.session.getSnapshot().context;
    return {
      session: input.session,
      now: input.now ?? (() => new Date()),
      cartId: values.cart_id,
      applicationId: values.verification_id,
      refusal: undefined,
      selfie: undefined,
      error: undefined,
      faceMatchPercent: 0,
    };
  },
  initial: 'asking',
  states: {
    asking: {
      description:
        "Asking the server for the customer's identity as it stands now (verified in another browser since sign-in, or refused as 21 or under).",
      always: [
        { description: 'A signed-in customer: their identity is read.', guard: 'isSignedIn', target: 'readingIdentity' },
        { description: 'A guest has no identity to ask about.', target: 'deciding' },
      ],
    },
    readingIdentity: {
      description: "Reading the customer's identity from the server.",
      invoke: {
        id: 'loadIdentity',
        src: 'loadIdentity',
        onDone: [
          {
            description: "The server's identity replaces sign-in's copy, here and in the session.",
            guard: { type: 'isIdentityRead', params: ({ event }) => ({ reply: event.output }) },
            target: 'deciding',
            actions: [{ type: 'assignIdentity', params: ({ event }) => ({ reply: event.output }) }, 'keepIdentity'],
          },
          { description: "Refused: sign-in's copy decides (the server checks again at the face check).", target: 'deciding' },
        ],
        onError: { description: "Not read (offline, server error): sign-in's copy decides.", target: 'deciding' },
      },
    },
    deciding: {
      description:
        'Checking who is asking: a guest, a customer without a verified identity, a shopper without a cart, or one who can take the check.',
      always: [
        {
          description: 'A guest must sign in or create an account first.',
          guard: { type: 'isReadiness', params: { readiness: 'create-account' } },
          target: 'accountNeeded',
        },
        {
          description: 'A customer refused as 21 or under is told why: verifying again would not change it.',
          guard: { type: 'isReadiness', params: { readiness: 'under-21' } },
          target: 'tooYoung',
        },
        // The spec's "needs a face match id": no verified application to compare with.
        {
          description: 'A customer without a verified identity must verify on /kyc first.',
          guard: { type: 'isReadiness', params: { readiness: 'verify-identity' } },
          target: 'identityNeeded',
        },
        {
          description: 'No open cart: nothing to check out yet.',
          guard: { type: 'isReadiness', params: { readiness: 'no-cart' } },
          target: 'cartNeeded',
        },
        { description: 'A verified customer with a cart: the webcam opens.', target: 'capturing' },
      ],
    },
    accountNeeded: { description: 'The shopper is a guest: they are asked to sign in or create an account first.' },
    identityNeeded: {
      description: 'The customer has no verified identity to compare with (Face Match Id Not Available.): they are asked to verify on /kyc first.',
    },
    tooYoung: {
      description: "The customer was refused as 21 or under: 'Not Yet Fit For Alcohol Acc. To Govt. See you soon!!!' and no camera.",
    },
    cartNeeded: { description: 'There is no open cart to check out: the shopper is asked to fill one first.' },
    capturing: {
      description:
        'The webcam is open: the shopper takes (or retakes) a selfie and presses verify; a failure message from the last try may be shown.',
      on: {
        'face.selfie.take': {
          description: 'The shopper takes a selfie with the webcam.',
          actions: { type: 'assignSelfie', params: ({ event }) => ({ dataUrl: event.dataUrl }) },
        },
        'face.selfie.retake': { description: 'The shopper throws the selfie away to take another.', actions: 'clearSelfie' },
        'face.verify': [
          {
            description: "Verify without a selfie: 'Selfie In Not Uploaded.'",
            guard: 'hasNoSelfie',
            actions: { type: 'assignError', params: { message: kycMessages.selfieMissing } },
          },
          { description: 'A selfie is taken: it is uploaded.', target: 'uploading', actions: 'clearError' },
        ],
      },
    },
    uploading: {
      description: 'Uploading the selfie.',
      invoke: {
        id: 'uploadSelfie',
        src: 'uploadSelfie',
        input: ({ context }) => ({ imageData: context.selfie ?? '', applicationId: context.applicationId ?? '' }),
        onDone: [
          {
            description: 'The selfie is stored: on to the face match.',
            guard: { type: 'isUploaded', params: ({ event }) => ({ reply: event.output }) },
            target: 'verifying',
          },
          {
            description: "The upload was refused: 'Selfie In Not Uploaded.' and the shopper tries again.",
            target: 'capturing',
            actions: { type: 'assignError', params: { message: kycMessages.selfieMissing } },
          },
        ],
        onError: {
          description: 'The selfie could not be uploaded (offline, server error): the reason is shown and the shopper tries again.',
          target: 'capturing',
          actions: { type: 'assignError', params: { message: kycMessages.selfieMissing } },
        },
      },
    },
    verifying: {
      description: "Waiting for the face match: the selfie is compared with the face from the shopper's identity verification.",
      invoke: {
        id: 'verifyFace',
        src: 'verifyFace',
        input: ({ context }) => ({ applicationId: context.applicationId ?? '', cartId: context.cartId ?? '' }),
        onDone: [
          {
            description: 'The faces match: the check passes.',
            guard: { type: 'isMatch', params: ({ event }) => ({ reply: event.output }) },
            target: 'verified',
            actions: { type: 'assignMatch', params: ({ event }) => ({ reply: event.output }) },
          },
          {
            description: 'The server says the customer was refused as 21 or under (refusal under-21): they are told why.',
            guard: { type: 'isUnderAgeRefusal', params: ({ event }) => ({ reply: event.output }) },
            target: 'tooYoung',
            actions: ['assignUnderAge', 'keepIdentity'],
          },
          {
            description:
              "No match: the server's message (or 'Error In Face Matching Or WebCam Access Issue. Please Try Again') and a new selfie is needed.",
            target: 'capturing',
            actions: { type: 'assignMismatch', params: ({ event }) => ({ reply: event.output }) },
          },
        ],
        onError: {
          description: 'The face match could not be run (offline, server error): the reason is shown and the shopper tries again.',
          target: 'capturing',
          actions: { type: 'assignError', params: { message: kycMessages.somethingWrong } },
        },
      },
    },
    verified: {
      description: "The faces match: 'Face Verification Successful Match is {n} %', and the shopper continues to the order summary.",
      type: 'final',
      entry: [
        'recordFacePass',
        { type: 'notifyMatch', params: ({ context }) => ({ message: faceCheckSuccessMessage(context.faceMatchPercent) }) },
        'goToCheckout',
      ],
    },
  },
  output: ({ context }) => ({ faceMatchPercent: context.faceMatchPercent }),
});

export type FaceVerifyActor = ActorRefFrom<typeof faceVerifyMachine>;
