import { setup, type ActorRefFrom } from 'xstate';

export type CheckoutFaceEvent = { type: 'face.verified' };

/**
 * The face step's slot, 'Verify Yourself Before Placing An Order'. The tabs machine enters it only once its
 * isFaceRequired guard says so; the identity issue fills this machine in (webcam selfie, the match against the
 * customer's KYC) and keeps its contract: 'face.verified' ends the step.
 */
export const checkoutFaceMachine = setup({
  types: {
    events: {} as CheckoutFaceEvent,
  },
}).createMachine({
  id: 'checkoutFace',
  initial: 'verifying',
  states: {
    verifying: {
      on: { 'face.verified': { target: 'verified' } },
    },
    verified: { type: 'final' },
  },
});

export type CheckoutFaceActor = ActorRefFrom<typeof checkoutFaceMachine>;
