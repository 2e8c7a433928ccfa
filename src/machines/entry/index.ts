import type { SnapshotFrom } from 'xstate';
import type { entryMachine } from './entry.machine.ts';
import { endingVisit, type pincodeMachine } from './pincode.machine.ts';
import type { zipSuggestionMachine } from './zip-suggestion.machine.ts';

/**
 * The door to the way into the store (docs/decisions/032): the entry flow with its age question and pincode dialog
 * (and the pincode's suggestion), and the splash. Views import this file only.
 */
export { type AgeGateActor, type AgeGateEvent } from './age-gate.machine.ts';
export { entryMachine } from './entry.machine.ts';
export { pincodeMachine, type PincodeActor, type PincodeEvent } from './pincode.machine.ts';
export { splashMachine } from './splash.machine.ts';
export type { ZipSuggestionEvent } from './zip-suggestion.machine.ts';

type EntrySnapshot = SnapshotFrom<typeof entryMachine>;
/** The age question's actor while it is asked. */
export const selectAgeGate = (s: EntrySnapshot) => s.children.ageGate;
/** The pincode dialog's actor while it is open. */
export const selectPincode = (s: EntrySnapshot) => s.children.pincode;

type PincodeSnapshot = SnapshotFrom<typeof pincodeMachine>;
export const selectPincodeValue = (s: PincodeSnapshot) => s.context.value;
export const selectPincodeError = (s: PincodeSnapshot) => s.context.error;
export const selectNotServed = (s: PincodeSnapshot) => s.context.notServed;
/** While the dialog asks (issue 23): the new pincode, the cart lines that stay and those it cannot sell. */
/** A visit the new area ends is named (QA walk 3: the question said 'Everything … comes with you' and the pick-up went unsaid). */
export const selectCartQuestion = (s: PincodeSnapshot) =>
  s.matches('confirming') && s.context.cartCheck && s.context.area
    ? { zipcode: s.context.area.zipcode, oldZipcode: s.context.currentZip, endsVisit: endingVisit(s.context), ...s.context.cartCheck }
    : undefined;
/** Waiting on the server (the zip, the cart's check or its move). */
export const selectPincodeBusy = (s: PincodeSnapshot) => s.matches('lookingUp') || s.matches('checkingCart') || s.matches('movingCart');
/** The suggestion's actor, while the dialog offers a pincode near the shopper. */
export const selectZipSuggester = (s: PincodeSnapshot) => s.children.zipSuggestion;

/** The served pincode offered, once the suggestion has one (the suggester may be gone: undefined). */
export const selectSuggestion = (s: SnapshotFrom<typeof zipSuggestionMachine> | undefined) =>
  s?.matches('offered') ? s.context.suggestion : undefined;
