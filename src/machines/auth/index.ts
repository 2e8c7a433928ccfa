import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine.ts';
import type { guestRegisterMachine } from './guest-register.machine.ts';
import type { updatePasswordMachine } from './update-password.machine.ts';
import type { zipGateMachine } from './zip-gate.machine.ts';

/**
 * The door to the sign-in flows (docs/decisions/032): sign in / create account / forgot password, guest register,
 * update password and the zipcode gate, with the captcha they share. Views import this file only.
 */
export { authMachine } from './auth.machine.ts';
export { type AuthEvent, type AuthField, type AuthScreen } from './auth.setup.ts';
export { captchaChallengePath, type CaptchaEvent } from './captcha.ts';
export { guestRegisterMachine, type GuestRegisterEvent } from './guest-register.machine.ts';
export { updatePasswordMachine, type PasswordField, type UpdatePasswordEvent } from './update-password.machine.ts';
export { zipGateMachine, type ZipGateEvent } from './zip-gate.machine.ts';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;
export const selectAuthValues = (s: AuthSnapshot) => s.context.values;
export const selectAuthErrors = (s: AuthSnapshot) => s.context.errors;
export const selectAuthMessage = (s: AuthSnapshot) => s.context.message;
export const selectAuthCaptchaRound = (s: AuthSnapshot) => s.context.captchaRound;
export const selectNewsletter = (s: AuthSnapshot) => s.context.newsletter;
/** Forgot password's confirmation, once the link is sent. */
export const selectSentMessage = (s: AuthSnapshot) => (s.matches({ forgotPassword: 'sent' }) ? s.context.sentMessage : undefined);

type GuestRegisterSnapshot = SnapshotFrom<typeof guestRegisterMachine>;
export const selectGuestEmail = (s: GuestRegisterSnapshot) => s.context.email;
export const selectGuestError = (s: GuestRegisterSnapshot) => s.context.error;
export const selectGuestMessage = (s: GuestRegisterSnapshot) => s.context.message;

type UpdatePasswordSnapshot = SnapshotFrom<typeof updatePasswordMachine>;
export const selectPasswordValues = (s: UpdatePasswordSnapshot) => s.context.values;
export const selectPasswordErrors = (s: UpdatePasswordSnapshot) => s.context.errors;
export const selectPasswordMessage = (s: UpdatePasswordSnapshot) => s.context.message;

type ZipGateSnapshot = SnapshotFrom<typeof zipGateMachine>;
export const selectZipcode = (s: ZipGateSnapshot) => s.context.zipcode;
export const selectZipError = (s: ZipGateSnapshot) => s.context.error;
export const selectZipMessage = (s: ZipGateSnapshot) => s.context.message;
export const selectZipCaptchaRound = (s: ZipGateSnapshot) => s.context.captchaRound;
