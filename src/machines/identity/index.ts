import type { SnapshotFrom } from 'xstate';
import type { faceVerifyMachine } from './face-verify.machine.ts';
import type { kycMachine } from './kyc.machine.ts';
import type { cameraMachine } from './camera.machine.ts';
import type { photoPickerMachine } from './photo-picker.machine.ts';

/**
 * The door to identity checks (docs/decisions/032): KYC at /kyc and the face check (its own page, and the checkout's
 * face step). Views import this file only.
 */
export {
  faceVerifyMachine,
  noFaceMatchIdMessage,
  underAgeMessage,
  webcamIssueMessage,
  type FaceVerifyActor,
  type FaceVerifyEvent,
} from './face-verify.machine.ts';
export { kycMachine, type KycActor } from './kyc.machine.ts';
export { cameraMachine, type CameraEvent } from './camera.machine.ts';
export { acceptedImageTypes, photoPickerMachine, type PhotoPickerEvent } from './photo-picker.machine.ts';
export { type KycEvent } from './kyc.setup.ts';

type KycSnapshot = SnapshotFrom<typeof kycMachine>;
export const selectApplicationId = (s: KycSnapshot) => s.context.applicationId;
export const selectKycMessage = (s: KycSnapshot) => s.context.message;
export const selectKycImages = (s: KycSnapshot) => s.context.images;
export const selectMissingPhotos = (s: KycSnapshot) => s.context.missing;
export const selectVerificationUrl = (s: KycSnapshot) => s.context.verificationUrl;

type FaceVerifySnapshot = SnapshotFrom<typeof faceVerifyMachine>;
export const selectSelfie = (s: FaceVerifySnapshot) => s.context.selfie;
export const selectFaceError = (s: FaceVerifySnapshot) => s.context.error;

type CameraSnapshot = SnapshotFrom<typeof cameraMachine>;
export const selectCameraStream = (s: CameraSnapshot) => s.context.stream;
export const selectCameraProblem = (s: CameraSnapshot) => (s.matches('unavailable') ? s.context.problem : undefined);
export const selectCameraStarting = (s: CameraSnapshot) => s.matches('starting') || s.matches({ showing: 'connecting' });
export const selectCameraLive = (s: CameraSnapshot) => s.matches({ showing: 'live' });
export const selectCameraConnecting = (s: CameraSnapshot) => s.matches({ showing: 'connecting' });

type PhotoPickerSnapshot = SnapshotFrom<typeof photoPickerMachine>;
export const selectPhotoProblem = (s: PhotoPickerSnapshot) => (s.matches('refused') ? s.context.problem : undefined);
