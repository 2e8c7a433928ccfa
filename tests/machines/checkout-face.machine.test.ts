import { describe, expect, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { kycMessages } from '../../src/api/contract/kyc.contract.ts';
import { checkoutFaceMachine, type CheckoutFaceContext, type CheckoutFaceInput } from '../../src/machines/checkout-face.machine.ts';
import { done, failed, label, pathName } from './machine-events.ts';
import { allStateIds, allTransitions, coverageTitle, planPaths, replay } from './path-coverage.ts';

const verified: CheckoutFaceInput = { cartId: 'cart-abc', applicationId: 'a'.repeat(32) };
const unverified: CheckoutFaceInput = { cartId: 'cart-abc', applicationId: undefined };

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
const verifyFailed = label('verifyFace: offline', failed('verifyFace'));

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('capturing')) return [take, retake, verify];
  if (snapshot.matches('uploading')) return [uploaded, uploadRefused, uploadFailed];
  if (snapshot.matches('verifying')) return [match, mismatch, verifyFailed];
  return [];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as CheckoutFaceContext;
  return JSON.stringify([snapshot.value, c.selfie !== undefined, c.error ?? null]);
};

// 'Verify Yourself Before Placing An Order': selfie → upload → verifyorder → the percent, or the spec's messages.
describe('checkout face paths', () => {
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const [name, input] of [
    ['verified customer', verified],
    ['no verified application', unverified],
  ] as const) {
    const plans = planPaths(checkoutFaceMachine, { input, events: eventsFor, serializeState });
    it(`${name}: replays ${plans.length} paths`, () => {
      for (const plan of plans) {
        const result = replay(checkoutFaceMachine, plan, input);
        expect(result.snapshot.value, pathName(plan.events)).toEqual(plan.expected.value);
        expect(result.snapshot.context, pathName(plan.events)).toEqual(plan.expected.context);
        result.states.forEach((s) => reached.add(s));
        result.transitions.forEach((t) => taken.add(t));
      }
    });
  }
  it(coverageTitle(checkoutFaceMachine), () => {
    expect([...allStateIds(checkoutFaceMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(checkoutFaceMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('checkout face messages', () => {
  const run = (input: CheckoutFaceInput, events: AnyEventObject[]) => {
    const plan = { name: '', events, expected: undefined as never };
    return replay(checkoutFaceMachine, plan, input).snapshot;
  };

  it("says 'Selfie In Not Uploaded.' without a selfie and when the upload fails", () => {
    expect(run(verified, [verify]).context.error).toBe(kycMessages.selfieMissing);
    expect(run(verified, [take, verify, uploadRefused]).context.error).toBe(kycMessages.selfieMissing);
    expect(run(verified, [take, verify, uploadFailed]).context.error).toBe(kycMessages.selfieMissing);
  });

  it("says 'Face Match Id Not Available.' without a verified application", () => {
    const s = run(unverified, [take, verify]);
    expect(s.value).toBe('capturing');
    expect(s.context.error).toBe(kycMessages.faceMatchIdMissing);
  });

  it('drops the selfie on a mismatch so the shopper retakes; Something Went Wrong offline', () => {
    expect(run(verified, [take, verify, uploaded, mismatch]).context).toMatchObject({ selfie: undefined, error: kycMessages.orderFaceFailed });
    expect(run(verified, [take, verify, uploaded, verifyFailed]).context.error).toBe(kycMessages.somethingWrong);
  });

  it('ends with the match percent', () => {
    const s = run(verified, [take, verify, uploaded, match]);
    expect(s.status).toBe('done');
    expect(s.output).toEqual({ faceMatchPercent: 93 });
  });
});
