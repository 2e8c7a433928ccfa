import { expect, type Page } from '@playwright/test';
import { createActor, type AnyMachineSnapshot } from 'xstate';
import { kycMessages } from '../../../src/api/contract/kyc.contract.ts';
import {
  faceVerifyMachine,
  noFaceMatchIdMessage,
  underAgeMessage,
  type FaceVerifyContext,
} from '../../../src/machines/identity/face-verify.machine.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { identityPrompts } from '../../../src/rules/face-check.ts';
import { takeSelfie } from '../identity-steps.ts';
import type { SampleFace } from '../../server/identity-images.ts';
import { refusedUnderAgeCustomer, verifiedCustomer } from './identity-shoppers.ts';
import type { EventMapping, MachineMap, Variant } from './journey-map.ts';
import { addToCartThroughApi, areaOf, failingOnce, newCustomer, openWithSession } from './shoppers.ts';

/**
 * /verifyFace, the checkout's face check on its own screen (face-verify.machine). Chromium's fake camera plays face
 * s1f1 (face-verify.e2e.ts asks for it): a customer verified through the API as s1f1 matches, one verified as s4f3
 * (another person) does not. The graph's application ids stand for theirs: 'a…' is hers (s1f1), 'b…' the other face's.
 */

const file = 'tests/e2e/journeys/face-verify.journeys.ts';
const hers = 'a'.repeat(32);
const otherFace = 'b'.repeat(32);
const area = { zipcode: '10001', location: 101 } satisfies SessionValues;
const customer = { ...area, Token: 'token', cust_name: 'Ada', CustomerId: 1 } satisfies SessionValues;
const steak = 'USDA Prime Ribeye Steak';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as FaceVerifyContext;
const capturing = (snapshot: AnyMachineSnapshot) => snapshot.matches('capturing');
const hasSelfie = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).selfie !== undefined;
/** Every path but the mismatch is walked by her: the other face's journey only takes a selfie and verifies it. */
const isHers = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).applicationId === hers;
const reading = (snapshot: AnyMachineSnapshot) => snapshot.matches('readingIdentity');
/** The customer the server refused as 21 or under: the graph knows her by her name (her session has no verification). */
const isYoung = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).session.getSnapshot().context.cust_name === 'Young';
/** The server's identity read (api/customer/identity): what the database holds for the customer the session stands for. */
function identityRead(verificationId: string, when: (snapshot: AnyMachineSnapshot) => boolean, refusal?: 'under-21'): EventMapping {
  const data = refusal ? { verification_id: verificationId, refusal } : { verification_id: verificationId };
  return {
    event: { type: 'xstate.done.actor.loadIdentity', output: { code: 1, data } },
    when: (snapshot) => reading(snapshot) && when(snapshot),
    act: async () => undefined,
  };
}
const button = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/** The face check's screen for the given session; the graph's session stands for it. */
function opening(name: string, graph: SessionValues, session: () => Promise<SessionValues>, onlyOpens?: true): Variant {
  return {
    name,
    input: () => ({ session: createActor(sessionMachine, { input: graph }).start() }),
    open: async ({ page }) => openWithSession(page, await session(), '/verifyFace'),
    ...(onlyOpens ? { onlyOpens } : {}),
  };
}

const withCart = async (face: SampleFace) => addToCartThroughApi((await verifiedCustomer('generated.face', face)).session, 'ribeye', steak);

/** A failure the page answers with the spec's message: the reply's act waits until it shows. */
function failing(type: string, when: (snapshot: AnyMachineSnapshot) => boolean, url: string, message: string): EventMapping {
  return {
    event: { type, error: new Error('offline') },
    when: (snapshot) => when(snapshot) && isHers(snapshot),
    prepare: failingOnce(url),
    act: async ({ page }) => expect(alert(page, message)).toBeVisible(),
  };
}

export const faceVerifyJourneys: MachineMap = {
  machine: faceVerifyMachine,
  file,
  variants: [
    opening('verified customer with a cart', { ...customer, cart_id: 'cart-1', verification_id: hers }, () => withCart('s1f1')),
    opening('customer verified with another face, with a cart', { ...customer, cart_id: 'cart-1', verification_id: otherFace }, () =>
      withCart('s4f3'),
    ),
    opening('shopper not signed in', area, () => areaOf('10001'), true),
    opening('customer not verified yet', customer, async () => (await newCustomer('generated.face')).session),
    opening(
      'customer refused as 21 or under',
      { ...customer, cust_name: 'Young' },
      async () => (await refusedUnderAgeCustomer('generated.face')).session,
    ),
    opening(
      'verified customer without a cart',
      { ...customer, verification_id: hers },
      async () => (await verifiedCustomer('generated.face')).session,
    ),
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    return JSON.stringify([snapshot.value, c.selfie !== undefined, c.error ?? null]);
  },
  events: {
    'loadIdentity: hers': identityRead(hers, isHers),
    'loadIdentity: the other face': identityRead(otherFace, (snapshot) => contextOf(snapshot).applicationId === otherFace),
    'loadIdentity: not verified': identityRead('', (snapshot) => contextOf(snapshot).applicationId === undefined && !isYoung(snapshot)),
    'loadIdentity: refused as 21 or under': identityRead('', isYoung, 'under-21'),
    'loadIdentity: connection lost': {
      event: { type: 'xstate.error.actor.loadIdentity', error: new Error('offline') },
      when: (snapshot) => reading(snapshot) && isHers(snapshot),
      prepare: failingOnce('/api/customer/identity'),
      act: async () => undefined,
    },
    'face.selfie.take': {
      event: { type: 'face.selfie.take', dataUrl: 'data:image/jpeg;base64,AAAA' },
      when: (snapshot) => capturing(snapshot) && !hasSelfie(snapshot),
      act: async ({ page }) => takeSelfie(page),
    },
    'face.selfie.retake': {
      event: { type: 'face.selfie.retake' },
      when: (snapshot) => capturing(snapshot) && hasSelfie(snapshot) && isHers(snapshot),
      act: async ({ page }) => {
        await button(page, 'RETAKE').click();
        await expect(button(page, 'TAKE SELFIE')).toBeEnabled();
      },
    },
    'face.verify': {
      event: { type: 'face.verify' },
      when: (snapshot) => capturing(snapshot) && (hasSelfie(snapshot) || isHers(snapshot)),
      act: async ({ page }) => button(page, 'VERIFY').click(),
    },
    'uploadSelfie: stored': {
      event: { type: 'xstate.done.actor.uploadSelfie', output: { code: 1, message: 'Image Uploaded.' } },
      when: (snapshot) => snapshot.matches('uploading'),
      act: async () => undefined,
    },
    'uploadSelfie: connection lost': failing(
      'xstate.error.actor.uploadSelfie',
      (snapshot) => snapshot.matches('uploading'),
      '/connect/uploadkyc/kyc',
      kycMessages.selfieMissing,
    ),
    'verifyFace: match': {
      event: { type: 'xstate.done.actor.verifyFace', output: { code: 1, data: { faceMatch: true, faceMatchPercent: 93 } } },
      when: (snapshot) => snapshot.matches('verifying') && isHers(snapshot),
      act: async () => undefined,
    },
    'verifyFace: another face': {
      event: {
        type: 'xstate.done.actor.verifyFace',
        output: { code: 2, message: kycMessages.orderFaceFailed, data: { faceMatch: false, faceMatchPercent: 30 } },
      },
      when: (snapshot) => snapshot.matches('verifying') && !isHers(snapshot),
      act: async ({ page }) => expect(alert(page, kycMessages.orderFaceFailed)).toBeVisible(),
    },
    'verifyFace: connection lost': failing(
      'xstate.error.actor.verifyFace',
      (snapshot) => snapshot.matches('verifying'),
      '/connect/verifyorder/verify',
      kycMessages.somethingWrong,
    ),
  },
  states: {
    'faceVerify.asking': { passing: 'a signed-in shopper is asked about at once, a guest goes on at once' },
    'faceVerify.readingIdentity': { passing: "'Checking your identity…' shows only while the server answers" },
    'faceVerify.deciding': { passing: 'picks the screen from the identity before the first paint' },
    'faceVerify.tooYoung': { shows: (page) => page.getByRole('heading', { name: underAgeMessage }) },
    'faceVerify.accountNeeded': { shows: (page) => page.getByRole('heading', { name: 'Please sign in' }) },
    'faceVerify.identityNeeded': { shows: (page) => page.getByRole('heading', { name: noFaceMatchIdMessage }) },
    'faceVerify.cartNeeded': { shows: (page) => page.getByRole('alert').getByText(identityPrompts.noCart) },
    'faceVerify.capturing': { shows: (page) => button(page, 'VERIFY') },
    'faceVerify.uploading': { passing: "'PLEASE WAIT…' shows only while the server stores the selfie" },
    'faceVerify.verifying': { passing: "'Checking your face…' shows only while the server compares the faces" },
    // 'Face Verification Successful Match is {n} %' comes with it, and the checkout opens: /cart/checkout, which a new
    // checkout at once puts back to its first step (her cart is a delivery cart: the address), often before the
    // address bar is looked at.
    'faceVerify.verified': { leaves: /\/cart\/(checkout|address)$/ },
  },
  notDriven: {
    'faceVerify.readingIdentity --xstate.done.actor.loadIdentity--> faceVerify.deciding':
      'our server answers the identity read with code 1 to any signed-in caller (401 otherwise, the error path)',
    'faceVerify.verifying --xstate.done.actor.verifyFace[isUnderAgeRefusal]--> faceVerify.tooYoung':
      "the identity read before the camera already sends a customer refused as 21 or under to tooYoung (the verifyorder reply's refusal covers a read that failed; tests/server/kyc-verify.test.ts checks it)",
    'faceVerify.uploading --xstate.done.actor.uploadSelfie--> faceVerify.capturing':
      "our server answers a refused upload with HTTP 400 ('Error In Uploading.'), which reaches the machine as the upload's error (the connection-lost path); a 200 always carries code 1",
  },
};
