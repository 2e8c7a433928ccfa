import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { kycFileName, kycMessages, type KycUploadReply, type VerifyOrderReply } from '../api/contract/kyc.contract.ts';
import { uploadKycImage, verifyOrderFace } from '../api/kyc.api.ts';

/** What the face step says when the webcam cannot be used (the spec's face-check failure names WebCam access). */
export const webcamIssueMessage = kycMessages.orderFaceFailed;

export interface CheckoutFaceInput {
  /** The open cart: the face pass is recorded for it (verifyorder's orderID; no order exists yet). */
  cartId: string;
  /** The customer's verified KYC application (sign-in's verification_id); undefined when there is none. */
  applicationId: string | undefined;
}

export interface CheckoutFaceContext extends CheckoutFaceInput {
  /** The webcam selfie as a JPEG data URL, once taken. */
  selfie: string | undefined;
  /** The spec's failure message on screen, until the shopper acts again. */
  error: string | undefined;
  /** The match's percent, once the server found one. */
  faceMatchPercent: number;
}

export interface CheckoutFaceOutput {
  faceMatchPercent: number;
}

export type CheckoutFaceEvent = { type: 'face.selfie.take'; dataUrl: string } | { type: 'face.selfie.retake' } | { type: 'face.verify' };

/** Upload data URLs name the application; the verify call needs it too. */
interface UploadInput {
  imageData: string;
  applicationId: string;
}

/**
 * The face step, 'Verify Yourself Before Placing An Order' (spec "Face verify"): a webcam selfie, uploaded as the
 * selfie of the customer's verified application ({applicationId}_selfie.jpg), then verifyorder with the cart id; the
 * server compares it with the face kept at KYC and, on a match, records a 15-minute face pass that place order takes.
 * A match ends the step with its percent (the tabs machine shows 'Face Verification Successful Match is {n} %' and
 * opens the summary); every failure shows the spec's message and the shopper tries again (a mismatch drops the
 * selfie so the camera opens for a new one).
 */
export const checkoutFaceMachine = setup({
  types: {
    context: {} as CheckoutFaceContext,
    input: {} as CheckoutFaceInput,
    events: {} as CheckoutFaceEvent,
    output: {} as CheckoutFaceOutput,
  },
  actors: {
    uploadSelfie: fromPromise<KycUploadReply, UploadInput>(({ input }) =>
      uploadKycImage({ imageData: input.imageData, fileName: kycFileName(input.applicationId, 'selfie') }),
    ),
    verifyFace: fromPromise<VerifyOrderReply, { applicationId: string; cartId: string }>(({ input }) =>
      verifyOrderFace({ applicationID: input.applicationId, orderID: input.cartId }),
    ),
  },
  guards: {
    hasNoSelfie: ({ context }) => context.selfie === undefined,
    hasNoApplication: ({ context }) => !context.applicationId,
    isUploaded: (_, params: { reply: KycUploadReply }) => params.reply.code === 1,
    isMatch: (_, params: { reply: VerifyOrderReply }) => params.reply.code === 1 && params.reply.data?.faceMatch === true,
  },
  actions: {
    assignSelfie: assign((_, params: { dataUrl: string }) => ({ selfie: params.dataUrl, error: undefined })),
    clearSelfie: assign({ selfie: undefined, error: undefined }),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    // A mismatch: the server's words (or the spec's), and a new selfie is needed.
    showMismatch: assign((_, params: { reply: VerifyOrderReply }) => ({
      selfie: undefined,
      error: params.reply.message || kycMessages.orderFaceFailed,
    })),
  },
}).createMachine({
  id: 'checkoutFace',
  context: ({ input }) => ({ ...input, selfie: undefined, error: undefined, faceMatchPercent: 0 }),
  initial: 'capturing',
  states: {
    capturing: {
      on: {
        'face.selfie.take': { actions: { type: 'assignSelfie', params: ({ event }) => ({ dataUrl: event.dataUrl }) } },
        'face.selfie.retake': { actions: 'clearSelfie' },
        'face.verify': [
          { guard: 'hasNoSelfie', actions: { type: 'showError', params: { message: kycMessages.selfieMissing } } },
          { guard: 'hasNoApplication', actions: { type: 'showError', params: { message: kycMessages.faceMatchIdMissing } } },
          { target: 'uploading', actions: assign({ error: undefined }) },
        ],
      },
    },
    uploading: {
      invoke: {
        id: 'uploadSelfie',
        src: 'uploadSelfie',
        input: ({ context }) => ({ imageData: context.selfie ?? '', applicationId: context.applicationId ?? '' }),
        onDone: [
          { guard: { type: 'isUploaded', params: ({ event }) => ({ reply: event.output }) }, target: 'verifying' },
          { target: 'capturing', actions: { type: 'showError', params: { message: kycMessages.selfieMissing } } },
        ],
        onError: { target: 'capturing', actions: { type: 'showError', params: { message: kycMessages.selfieMissing } } },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyFace',
        src: 'verifyFace',
        input: ({ context }) => ({ applicationId: context.applicationId ?? '', cartId: context.cartId }),
        onDone: [
          {
            guard: { type: 'isMatch', params: ({ event }) => ({ reply: event.output }) },
            target: 'verified',
            actions: assign(({ event }) => ({ faceMatchPercent: event.output.data?.faceMatchPercent ?? 0 })),
          },
          { target: 'capturing', actions: { type: 'showMismatch', params: ({ event }) => ({ reply: event.output }) } },
        ],
        onError: { target: 'capturing', actions: { type: 'showError', params: { message: kycMessages.somethingWrong } } },
      },
    },
    verified: { type: 'final' },
  },
  output: ({ context }) => ({ faceMatchPercent: context.faceMatchPercent }),
});

export type CheckoutFaceActor = ActorRefFrom<typeof checkoutFaceMachine>;
