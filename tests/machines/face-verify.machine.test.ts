import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { faceCheckSuccessMessage, kycMessages } from '../../src/api/contract/kyc.contract.ts';
import { faceVerifyMachine, type FaceVerifyContext } from '../../src/machines/identity/face-verify.machine.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { tooYoungMessage } from '../../src/rules/age.ts';
import { facePassLifetimeMs } from '../../src/rules/face-check.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay, type PathPlan } from './path-coverage.ts';

const applicationId = 'a'.repeat(32);
const verifiedCustomer: SessionValues = { Token: 'tok', cust_name: 'Ada', CustomerId: 7, cart_id: 'cart-abc', verification_id: applicationId };
const shoppers = {
  'verified customer with a cart': verifiedCustomer,
  'verified customer without a cart': { ...verifiedCustomer, cart_id: undefined },
  'customer not verified yet': { ...verifiedCustomer, verification_id: undefined },
  // A guest checkout token carries no name: it is no account.
  'guest with a guest cart': { Token: 'guest-tok', cart_id: 'cart-guest' },
  'shopper not signed in': {},
} satisfies Record<string, SessionValues>;

const inputFor = (values: SessionValues) => ({ session: createActor(sessionMachine, { input: values }).start() });

const take = label('TAKE SELFIE', { type: 'face.selfie.take', dataUrl: 'data:image/jpeg;base64,AAAA' });
const retake = { type: 'face.selfie.retake' };
const verify = { type: 'face.verify' };
const uploaded = label('uploadSelfie: stored', done('uploadSelfie', { code: 1, data: {} }));
const uploadRefused = label('uploadSelfie: code 0', done('uploadSelfie', { code: 0, message: 'Error In Uploading.' }));
const uploadFailed = label('uploadSelfie: offline', failed('uploadSelfie'));
const match = label('verifyFace: 93 %', done('verifyFace', { code: 1, data: { faceMatch: true, faceMatchPercent: 93 } }));
const mismatch = label(
  'verifyFace: mismatch',
  done('verifyFace', { code: 2, message: kycMessages.orderFaceFailed, data: { faceMatch: false, faceMatchPercent: 30 } }),
);
const noFaceMatchId = label('verifyFace: no face match id', done('verifyFace', { code: 2, message: kycMessages.faceMatchIdMissing }));
const verifyFailed = label('verifyFace: offline', failed('verifyFace'));
const underAgeRefused = label('verifyFace: refused as 21 or under', done('verifyFace', { code: 2, message: tooYoungMessage, refusal: 'under-21' }));
// The server's identity (api/customer/identity), read before anything else for a signed-in shopper.
const identityVerified = label('loadIdentity: verified', done('loadIdentity', { code: 1, data: { verification_id: applicationId } }));
const identityNone = label('loadIdentity: not verified', done('loadIdentity', { code: 1, data: { verification_id: '' } }));
const identityUnderAge = label(
  'loadIdentity: refused as 21 or under',
  done('loadIdentity', { code: 1, data: { verification_id: '', refusal: 'under-21' } }),
);
const identityRefused = label('loadIdentity: code -1', done('loadIdentity', { code: -1, message: 'No.' }));
const identityFailed = label('loadIdentity: offline', failed('loadIdentity'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('capturing')) return [take, retake, verify];
  if (snapshot.matches('uploading')) return [uploaded, uploadRefused, uploadFailed];
  if (snapshot.matches('verifying')) return [match, mismatch, underAgeRefused, verifyFailed];
  if (snapshot.matches('readingIdentity')) return [identityVerified, identityNone, identityUnderAge, identityRefused, identityFailed];
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as FaceVerifyContext;
  return JSON.stringify([snapshot.value, c.selfie !== undefined, c.error ?? null]);
};

// Face verify: who may take it, then selfie → upload → verifyorder → the percent, or the spec's messages.
describe('face verify paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const [name, values] of Object.entries(shoppers)) {
    const plans = planPaths(faceVerifyMachine, { input: inputFor(values), events: eventsFor, serializeState });
    it.each(plans.map((p): [string, PathPlan] => [p.name, p]))(`${name}: %s`, (_name, plan) => {
      const result = replay(faceVerifyMachine, plan, inputFor(values));
      expect(result.snapshot.value, plan.name).toEqual(plan.expected.value);
      expect(result.snapshot.context.error, plan.name).toEqual(plan.expected.context.error);
      expect(result.snapshot.context.selfie, plan.name).toEqual(plan.expected.context.selfie);
      result.states.forEach((s) => reached.add(s));
      result.transitions.forEach((t) => taken.add(t));
    });
  }
  it(coverageTitle(faceVerifyMachine), () => {
    expect([...allStateIds(faceVerifyMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(faceVerifyMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('face verify: who may take it', () => {
  const opened = (values: SessionValues, events: AnyEventObject[] = []) => {
    const input = inputFor(values);
    const { snapshot } = replay(faceVerifyMachine, { name: '', events, expected: undefined as never }, input);
    return { value: snapshot.value, session: input.session.getSnapshot().context };
  };

  it('asks the server first for a signed-in shopper; opens the camera for a verified customer with an open cart', () => {
    expect(opened(verifiedCustomer).value).toBe('readingIdentity');
    expect(opened(verifiedCustomer, [identityVerified]).value).toBe('capturing');
  });

  // Walk 4: the verification status is the database's. Verified in another browser since this one signed in.
  it('opens the camera for a customer the server says is verified, and keeps it in the session, without a new sign-in', () => {
    const { value, session } = opened(shoppers['customer not verified yet'], [identityVerified]);
    expect(value).toBe('capturing');
    expect(session.verification_id).toBe(applicationId);
    // Not read (offline, refused): the session's copy decides, the server checks again at the face check.
    expect(opened(shoppers['customer not verified yet'], [identityFailed]).value).toBe('identityNeeded');
    expect(opened(verifiedCustomer, [identityRefused]).value).toBe('capturing');
  });

  // Walk 4: a customer refused as 21 or under was told 'Face Match Id Not Available.' and sent to verify again.
  it("tells a customer the server refused as 21 or under why (the field under-21), not 'Face Match Id Not Available.'", () => {
    expect(opened(shoppers['customer not verified yet'], [identityUnderAge]).value).toBe('tooYoung');
    // The check itself says so too (a session naming an application that is not a verified one): the session forgets it.
    const late = opened(verifiedCustomer, [identityVerified, take, verify, uploaded, underAgeRefused]);
    expect(late.value).toBe('tooYoung');
    expect(late.session.verification_id).toBeUndefined();
    // A verification the server no longer knows: the session forgets it, the customer is asked to verify.
    expect(opened(verifiedCustomer, [identityNone])).toMatchObject({ value: 'identityNeeded', session: { verification_id: undefined } });
  });

  it('asks a guest, or a shopper not signed in, to sign in or create an account first', () => {
    expect(opened(shoppers['guest with a guest cart']).value).toBe('accountNeeded');
    expect(opened(shoppers['shopper not signed in']).value).toBe('accountNeeded');
  });

  it('asks a customer with no face match id (not verified yet) to verify on /kyc; an empty cart to shop first', () => {
    expect(opened(shoppers['customer not verified yet'], [identityNone]).value).toBe('identityNeeded');
    expect(opened(shoppers['verified customer without a cart'], [identityVerified]).value).toBe('cartNeeded');
  });
});

describe('face verify messages', () => {
  const run = (events: AnyEventObject[], values: SessionValues = verifiedCustomer) => {
    const input = inputFor(values);
    const plan = { name: '', events: [identityVerified, ...events], expected: undefined as never };
    return { snapshot: replay(faceVerifyMachine, plan, input).snapshot, session: input.session };
  };

  it("says 'Selfie In Not Uploaded.' without a selfie and when the upload fails", () => {
    expect(run([verify]).snapshot.context.error).toBe(kycMessages.selfieMissing);
    expect(run([take, verify, uploadRefused]).snapshot.context.error).toBe(kycMessages.selfieMissing);
    expect(run([take, verify, uploadFailed]).snapshot.context.error).toBe(kycMessages.selfieMissing);
  });

  it("drops the selfie on a mismatch so the shopper retakes; shows the server's 'Face Match Id Not Available.'; Something Went Wrong offline", () => {
    expect(run([take, verify, uploaded, mismatch]).snapshot.context).toMatchObject({ selfie: undefined, error: kycMessages.orderFaceFailed });
    expect(run([take, verify, uploaded, noFaceMatchId]).snapshot.context.error).toBe(kycMessages.faceMatchIdMissing);
    expect(run([take, verify, uploaded, verifyFailed]).snapshot.context.error).toBe(kycMessages.somethingWrong);
  });

  it('ends with the match percent, notes the pass for this cart in the session and continues to checkout', () => {
    const notified: string[] = [];
    let wentToCheckout = 0;
    const machine = faceVerifyMachine.provide({
      actions: { notifyMatch: (_, { message }) => notified.push(message), goToCheckout: () => (wentToCheckout += 1) },
    });
    const matchedAt = Date.UTC(2026, 0, 15, 12);
    const input = { ...inputFor(verifiedCustomer), now: () => new Date(matchedAt) };
    const s = replay(machine, { name: '', events: [identityVerified, take, verify, uploaded, match], expected: undefined as never }, input).snapshot;
    expect(s.status).toBe('done');
    expect(s.output).toEqual({ faceMatchPercent: 93 });
    expect(notified).toEqual([faceCheckSuccessMessage(93)]);
    expect(wentToCheckout).toBe(1);
    const values = input.session.getSnapshot().context;
    expect(values.faceCheckedCart).toBe('cart-abc');
    // Noted for less than the server's 15 minutes (the clocks differ), from the moment of the match on the given clock.
    expect(values.faceCheckedUntil).toBeGreaterThan(matchedAt);
    expect(values.faceCheckedUntil).toBeLessThan(matchedAt + facePassLifetimeMs);
  });
});
