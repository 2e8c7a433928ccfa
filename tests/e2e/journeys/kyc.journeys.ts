import { expect, type Page, type Route } from '@playwright/test';
import { assign, createActor, type AnyMachineSnapshot } from 'xstate';
import { kycMessages, type KycSide } from '../../../src/api/contract/kyc.contract.ts';
import { offlineMessage } from '../../../src/api/http.ts';
import type { SessionValues } from '../../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../../src/machines/app/session.machine.ts';
import { kycMachine } from '../../../src/machines/identity/kyc.machine.ts';
import type { KycContext } from '../../../src/machines/identity/kyc.setup.ts';
import { dobMessages, tooYoungMessage } from '../../../src/rules/age.ts';
import { kycReturnPathOf } from '../../../src/rules/kyc-return.ts';
import { localToday } from '../../../src/views/kyc/image-files.ts';
import { answeredOnce, connectionLostOnce, refusedByFault } from '../faults.ts';
import { idCardFront, takeSelfie } from '../identity-steps.ts';
import { noFace } from '../../server/identity-images.ts';
import { customerWithPhotosUploaded, verifiedCustomer } from './identity-shoppers.ts';
import type { EventMapping, Journey, MachineMap, Variant } from './journey-map.ts';
import { addToCartThroughApi, areaOf, newCustomer, openWithSession } from './shoppers.ts';

/**
 * /kyc, the identity check (kyc.machine), walked in Chromium with the fake camera playing face s1f1 (kyc.e2e.ts asks
 * for it) and an ID card of the same face, so the server's own face match passes where a journey lets it answer.
 * Every other answer (a refusal, a dropped connection, a vendor still deciding, a date of birth the ID did not give
 * clearly, an underage one) is a test fault (tests/e2e/faults.ts, docs/decisions/046 and 056), named so in the step.
 *
 * Few, long journeys (issue 22): the model counts the shopper's tries (TRY AGAIN, Check again) and the server's
 * answers are scheduled by that count, so each customer with a cart meets her failures one after the other in one
 * page (one the loads' and the uploads', the other the face match's and customer verify's) before she is verified.
 * The counter is the model's only (provided actions below); states, transitions and guards are the machine's own.
 */

const file = 'tests/e2e/journeys/kyc.journeys.ts';
const area = { zipcode: '10001', location: 101 } satisfies SessionValues;
const customer = { ...area, Token: 'token', cust_name: 'Ada', CustomerId: 1 } satisfies SessionValues;
const steak = 'USDA Prime Ribeye Steak';
const applicationUrl = '/connect/uploadkyc/application';
const uploadUrl = '/connect/uploadkyc/kyc';
const verifyUrl = '/connect/verifycustomer/verify';
const customerVerifyUrl = '/api/customer/customerverify';

/** Seventeen on the first of June of this year, whenever the test runs. */
const underageDob = `01/06/${new Date().getFullYear() - 17}`;
const adultMatch = { code: 1, data: { faceMatch: true, faceMatchPercent: 93, dob: '14/03/1990', aadharNumber: 'X1234567' } };
/** How long the server's own face match may take: the first one in a server loads the engine. */
const realMatchMs = 60_000;
/** The server's own face match answer each page waits for. */
const realMatches = new WeakMap<Page, Promise<unknown>>();
const pendingWords = 'Please finish verifying your identity with our verification partner, then press Check again.';

/** How many times the shopper pressed TRY AGAIN or Check again: the journeys' model counts them (see above). */
function triesOf(context: object): number {
  return 'tries' in context && typeof context.tries === 'number' ? context.tries : 0;
}
const counted = (context: object) => ({ tries: triesOf(context) + 1 });

const kycModel = kycMachine.provide({
  actions: {
    clearFailure: assign(({ context, event }) => ({ missing: [], message: undefined, ...(event.type === 'kyc.retry' ? counted(context) : {}) })),
    clearPending: assign(({ context }) => ({ message: undefined, verificationUrl: undefined, ...counted(context) })),
  },
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as KycContext;
const tries = (snapshot: AnyMachineSnapshot) => triesOf(snapshot.context as object);
const hasCart = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).session.getSnapshot().context.cart_id !== undefined;
const updating = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).updateMode;
/** The customer whose photos are on the server: no cart, not updating. */
const checksServerPhotos = (snapshot: AnyMachineSnapshot) => !hasCart(snapshot) && !updating(snapshot);
const images = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).images;
/** The customer with a cart and the one updating choose photos; the one with photos on the server does not. */
const choosesPhotos = (snapshot: AnyMachineSnapshot) => hasCart(snapshot) || updating(snapshot);

/**
 * The two customers with a cart meet the failures one per try, in the order the screen meets them: the one who opened
 * /kyc herself her two failed loads (tries 0 and 1), then the uploads'; the one the checkout sent the face match's and
 * customer verify's. Each then succeeds (the success answered by a test fault too: the server's own match is the
 * customer's whose photos are on the server, and one in a long journey would take it near its timeout).
 */
const photoFailures = ['front refused', 'front lost', 'back refused', 'back lost', 'selfie refused', 'selfie lost'] as const;
const checkFailures = ['no match', 'match lost', 'vendor pending', 'unreadable dob', 'customer refused', 'customer lost'] as const;
type Failure = (typeof photoFailures)[number] | (typeof checkFailures)[number];
/** The customer with a cart sent by the checkout (/kyc?from=/cart). */
const sentByCheckout = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).returnTo !== undefined;
/** The customer with a cart who opened /kyc herself: she meets the loads' and the uploads' failures. */
const opensHerself = (snapshot: AnyMachineSnapshot) => hasCart(snapshot) && !sentByCheckout(snapshot);
/** Her two failed loads come first. */
const loadTriesOf = (snapshot: AnyMachineSnapshot) => (opensHerself(snapshot) ? 2 : 0);
/** A customer with a cart's failure at this try, 'last' once they are all met; undefined for the other customers. */
function scheduled(snapshot: AnyMachineSnapshot): Failure | 'last' | undefined {
  if (!hasCart(snapshot)) return undefined;
  const failures: readonly Failure[] = sentByCheckout(snapshot) ? checkFailures : photoFailures;
  return failures[tries(snapshot) - loadTriesOf(snapshot)] ?? 'last';
}
/** The steps each try passes before its failure: a try fails at most once, at its own step. */
const stepsBefore: Record<Failure | 'last', number> = {
  'front refused': 0,
  'front lost': 0,
  'back refused': 1,
  'back lost': 1,
  'selfie refused': 2,
  'selfie lost': 2,
  'no match': 3,
  'match lost': 3,
  'vendor pending': 3,
  'unreadable dob': 3,
  'customer refused': 4,
  'customer lost': 4,
  last: 5,
};
const uploadOrder: KycSide[] = ['aadhaar_front', 'aadhaar_back', 'selfie'];
/** Whether this try gets past `step` (0-2 the uploads, 3 the face match, 4 customer verify). */
const passes = (snapshot: AnyMachineSnapshot, step: number) => {
  const failure = scheduled(snapshot);
  // The other customers' answers are all the server's (or, for the underage one, the face match's test fault).
  return failure === undefined || stepsBefore[failure] > step;
};
const failsWith = (failure: Failure) => (snapshot: AnyMachineSnapshot) => scheduled(snapshot) === failure;

const button = (page: Page, name: string) => page.getByRole('main').getByRole('button', { name, exact: true });
const alert = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const form = (page: Page) => page.getByRole('form', { name: 'Identity verification' });

/** A stored photo's answer, as the server gives it. */
const storedReply = (side: KycSide) => ({
  code: 1,
  message: 'Image Uploaded.',
  data: { applicationId: 'a'.repeat(32), side, status: 'started', imageUrl: `/media/kyc/${side}?exp=1&sig=test` },
});

/** Test fault on the next upload of one side only: the uploads of the other sides reach the server. */
function uploadFault(side: KycSide, fault: 'refused' | 'lost' | 'stored') {
  return async ({ page }: Journey) => {
    let used = false;
    const handler = async (route: Route) => {
      const body: unknown = route.request().postDataJSON();
      const fileName = typeof body === 'object' && body !== null && 'fileName' in body ? String(body.fileName) : '';
      if (used || !fileName.endsWith(`_${side}.jpg`)) return route.fallback();
      // Once: the retries after it reach the server (the handler stays, passing every later upload on).
      used = true;
      if (fault === 'lost') return route.abort('internetdisconnected');
      return route.fulfill({ json: fault === 'stored' ? storedReply(side) : { code: -1, message: refusedByFault } });
    };
    await page.route((url) => url.pathname.includes(uploadUrl), handler);
  };
}

/**
 * A failure the page shows: the act waits until the form says it (TRY AGAIN shows with it). A lost connection waits
 * for its own words too, not for TRY AGAIN alone: the failure before it (a refusal) also showed TRY AGAIN, so the next
 * step could press that old button before this request was answered and its fault would answer the next one (CI, stop 35).
 */
const shows =
  (text: string) =>
  async ({ page }: Journey) =>
    expect(alert(page, text)).toBeVisible();

const uploads: Record<KycSide, { id: string; state: string; refused: Failure; lost: Failure }> = {
  aadhaar_front: { id: 'uploadFront', state: 'uploadingFront', refused: 'front refused', lost: 'front lost' },
  aadhaar_back: { id: 'uploadBack', state: 'uploadingBack', refused: 'back refused', lost: 'back lost' },
  selfie: { id: 'uploadSelfie', state: 'uploadingSelfie', refused: 'selfie refused', lost: 'selfie lost' },
};

/** One photo's upload: stored by the server, or refused or lost by a test fault on that photo alone. */
function uploadEvents(side: KycSide): Record<string, EventMapping> {
  const { id, state, refused, lost } = uploads[side];
  const step = uploadOrder.indexOf(side);
  const uploading = (snapshot: AnyMachineSnapshot) => snapshot.matches({ submitting: state });
  return {
    [`${id}: stored`]: {
      event: { type: `xstate.done.actor.${id}`, output: { code: 1, message: 'Image Uploaded.' } },
      when: (snapshot) => uploading(snapshot) && passes(snapshot, step) && !sentByCheckout(snapshot),
      act: async () => undefined,
    },
    // The customer the checkout sent meets the face match's failures: her photos' uploads (the other journeys' real
    // ones) are answered by the test, which keeps her six tries light on a busy machine.
    [`${id}: stored (test fault)`]: {
      event: { type: `xstate.done.actor.${id}`, output: storedReply(side) },
      when: (snapshot) => uploading(snapshot) && passes(snapshot, step) && sentByCheckout(snapshot),
      prepare: uploadFault(side, 'stored'),
      act: async () => undefined,
    },
    [`${id}: refused (test fault)`]: {
      event: { type: `xstate.done.actor.${id}`, output: { code: -1, message: refusedByFault } },
      when: (snapshot) => uploading(snapshot) && failsWith(refused)(snapshot),
      prepare: uploadFault(side, 'refused'),
      act: shows(refusedByFault),
    },
    [`${id}: connection lost (test fault)`]: {
      event: { type: `xstate.error.actor.${id}`, error: new Error('offline') },
      when: (snapshot) => uploading(snapshot) && failsWith(lost)(snapshot),
      prepare: uploadFault(side, 'lost'),
      act: shows(offlineMessage),
    },
  };
}

const matching = (snapshot: AnyMachineSnapshot) => snapshot.matches({ submitting: 'matchingFace' });
const verifyingCustomer = (snapshot: AnyMachineSnapshot) => snapshot.matches({ submitting: 'verifyingCustomer' });
const editing = (snapshot: AnyMachineSnapshot) => snapshot.matches('editing');

/** The opening for the given session; the graph's session stands for it. */
function opening(
  name: string,
  graph: SessionValues,
  updateMode: boolean,
  open: (journey: Journey) => Promise<void>,
  onlyOpens?: true,
  from?: string,
): Variant {
  return {
    name,
    input: () => ({
      session: createActor(sessionMachine, { input: graph }).start(),
      updateMode,
      today: localToday(),
      returnTo: kycReturnPathOf(from),
    }),
    open,
    ...(onlyOpens ? { onlyOpens } : {}),
  };
}

export const kycJourneys: MachineMap = {
  machine: kycModel,
  file,
  variants: [
    opening('customer with a cart', { ...customer, cart_id: 'cart-1' }, false, async ({ page }) => {
      const session = await addToCartThroughApi((await newCustomer('generated.kyc')).session, 'ribeye', steak);
      await openWithSession(page, session, '/kyc');
    }),
    opening(
      'customer with a cart sent by the checkout',
      { ...customer, cart_id: 'cart-1' },
      false,
      async ({ page }) => {
        const session = await addToCartThroughApi((await newCustomer('generated.kyc')).session, 'ribeye', steak);
        await openWithSession(page, session, `/kyc?from=${encodeURIComponent('/cart')}`);
      },
      undefined,
      '/cart',
    ),
    opening('customer without a cart, updating from My Account', customer, true, async ({ page }) =>
      openWithSession(page, (await newCustomer('generated.kyc')).session, '/kyc?mode=update'),
    ),
    opening("customer without a cart whose photos are on the server (back from the vendor's page)", customer, false, async ({ page }) =>
      openWithSession(page, (await customerWithPhotosUploaded('generated.kyc')).session, '/kyc'),
    ),
    opening('shopper not signed in', area, false, async ({ page }) => openWithSession(page, await areaOf('10001'), '/kyc'), true),
    // Walk 4: a verified customer opening /kyc is told so; no application is made.
    opening(
      'verified customer',
      { ...customer, verification_id: 'a'.repeat(32) },
      false,
      async ({ page }) => openWithSession(page, (await verifiedCustomer('generated.kyc')).session, '/kyc'),
      true,
    ),
  ],
  serializeState: (snapshot) => {
    const c = contextOf(snapshot);
    const photos = uploadOrder.map((side) => (side in c.images ? (c.images[side] ?? 'thrown away') : 'none'));
    return JSON.stringify([
      snapshot.value,
      photos,
      c.missing.length,
      c.message ?? null,
      c.verificationUrl ?? null,
      c.photosOnServer,
      tries(snapshot),
    ]);
  },
  events: {
    'loadApplication: refused (test fault)': {
      event: { type: 'xstate.done.actor.loadApplication', output: { code: -1, message: refusedByFault } },
      when: (snapshot) => snapshot.matches('loading') && loadTriesOf(snapshot) > 0 && tries(snapshot) === 0,
      prepare: async ({ page }) => answeredOnce(page, applicationUrl),
      act: shows(refusedByFault),
    },
    'loadApplication: connection lost (test fault)': {
      event: { type: 'xstate.error.actor.loadApplication', error: new Error('offline') },
      when: (snapshot) => snapshot.matches('loading') && loadTriesOf(snapshot) > 0 && tries(snapshot) === 1,
      prepare: async ({ page }) => connectionLostOnce(page, applicationUrl),
      act: shows(offlineMessage),
    },
    'loadApplication: application': {
      event: {
        type: 'xstate.done.actor.loadApplication',
        output: {
          code: 1,
          data: { applicationId: 'a'.repeat(32), status: 'started', uploaded: { aadhaar_front: false, aadhaar_back: false, selfie: false } },
        },
      },
      // Her first load after the failed ones, and every load after a TRY AGAIN (the open application, walk 4).
      when: (snapshot) => snapshot.matches('loading') && !checksServerPhotos(snapshot) && tries(snapshot) >= loadTriesOf(snapshot),
      act: async () => undefined,
    },
    'loadApplication: photos on server': {
      event: {
        type: 'xstate.done.actor.loadApplication',
        output: {
          code: 1,
          data: { applicationId: 'a'.repeat(32), status: 'uploaded', uploaded: { aadhaar_front: true, aadhaar_back: true, selfie: true } },
        },
      },
      when: (snapshot) => snapshot.matches('loading') && checksServerPhotos(snapshot),
      act: async () => undefined,
    },
    // The customer with a cart first presses SUBMIT with nothing chosen; then the photos, a selfie thrown away and
    // taken again, SUBMIT. The customer updating chooses the three and submits.
    'kyc.submit (nothing chosen)': {
      event: { type: 'kyc.submit' },
      when: (snapshot) =>
        editing(snapshot) && opensHerself(snapshot) && Object.keys(images(snapshot)).length === 0 && contextOf(snapshot).missing.length === 0,
      act: async ({ page }) => {
        await button(page, 'SUBMIT').click();
        await expect(page.getByRole('alert', { name: 'Missing photos' }).getByRole('listitem')).toHaveText([
          kycMessages.frontMissing,
          kycMessages.backMissing,
          kycMessages.selfieMissing,
        ]);
      },
    },
    'kyc.front.choose': {
      event: { type: 'kyc.front.choose', dataUrl: 'data:image/jpeg;base64,RlJPTlQ=' },
      when: (snapshot) =>
        editing(snapshot) &&
        choosesPhotos(snapshot) &&
        !images(snapshot).aadhaar_front &&
        (!opensHerself(snapshot) || contextOf(snapshot).missing.length > 0),
      act: async ({ page }) => {
        await page.getByLabel('ID front photo').setInputFiles(await idCardFront());
        await expect(page.getByRole('img', { name: 'ID front preview' })).toBeVisible();
      },
    },
    'kyc.back.choose': {
      event: { type: 'kyc.back.choose', dataUrl: 'data:image/jpeg;base64,QkFDSw==' },
      when: (snapshot) => editing(snapshot) && images(snapshot).aadhaar_front !== undefined && !images(snapshot).aadhaar_back,
      act: async ({ page }) => {
        await page.getByLabel('ID back photo').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: await noFace() });
        await expect(page.getByRole('img', { name: 'ID back preview' })).toBeVisible();
      },
    },
    'kyc.selfie.take': {
      event: { type: 'kyc.selfie.take', dataUrl: 'data:image/jpeg;base64,U0VMRklF' },
      when: (snapshot) => editing(snapshot) && images(snapshot).aadhaar_back !== undefined && !('selfie' in images(snapshot)),
      act: async ({ page }) => takeSelfie(page),
    },
    'kyc.selfie.retake': {
      event: { type: 'kyc.selfie.retake' },
      when: (snapshot) => editing(snapshot) && opensHerself(snapshot) && images(snapshot).selfie === 'data:image/jpeg;base64,U0VMRklF',
      act: async ({ page }) => {
        await button(page, 'RETAKE').click();
        await expect(button(page, 'TAKE SELFIE')).toBeEnabled();
      },
    },
    'kyc.selfie.take (again)': {
      event: { type: 'kyc.selfie.take', dataUrl: 'data:image/jpeg;base64,QUdBSU4=' },
      when: (snapshot) => editing(snapshot) && 'selfie' in images(snapshot) && images(snapshot).selfie === undefined,
      act: async ({ page }) => takeSelfie(page),
    },
    'kyc.submit': {
      event: { type: 'kyc.submit' },
      when: (snapshot) => {
        const { aadhaar_front: front, aadhaar_back: back, selfie } = images(snapshot);
        return (
          editing(snapshot) &&
          front !== undefined &&
          back !== undefined &&
          (opensHerself(snapshot) ? selfie === 'data:image/jpeg;base64,QUdBSU4=' : selfie !== undefined)
        );
      },
      act: async ({ page }) => button(page, 'SUBMIT').click(),
    },
    ...uploadEvents('aadhaar_front'),
    ...uploadEvents('aadhaar_back'),
    ...uploadEvents('selfie'),
    'verifyKyc: match': {
      event: { type: 'xstate.done.actor.verifyKyc', output: adultMatch },
      when: (snapshot) => matching(snapshot) && checksServerPhotos(snapshot),
      // The server's own face match, awaited from before Check again (a warm engine may answer before the next line).
      prepare: async ({ page }) => {
        realMatches.set(
          page,
          page.waitForResponse((response) => new URL(response.url()).pathname.includes(verifyUrl), { timeout: realMatchMs }),
        );
      },
      act: async ({ page }) => realMatches.get(page),
    },
    'verifyKyc: match (test fault)': {
      event: { type: 'xstate.done.actor.verifyKyc', output: adultMatch },
      when: (snapshot) => matching(snapshot) && passes(snapshot, 3) && scheduled(snapshot) !== undefined,
      prepare: async ({ page }) => answeredOnce(page, verifyUrl, adultMatch),
      act: async () => undefined,
    },
    'verifyKyc: no match (test fault)': {
      event: { type: 'xstate.done.actor.verifyKyc', output: { code: 2, message: refusedByFault } },
      when: (snapshot) => matching(snapshot) && failsWith('no match')(snapshot),
      prepare: async ({ page }) => answeredOnce(page, verifyUrl, { code: 2, message: refusedByFault }),
      act: shows(refusedByFault),
    },
    'verifyKyc: connection lost (test fault)': {
      event: { type: 'xstate.error.actor.verifyKyc', error: new Error('offline') },
      when: (snapshot) => matching(snapshot) && failsWith('match lost')(snapshot),
      prepare: async ({ page }) => connectionLostOnce(page, verifyUrl),
      act: shows(offlineMessage),
    },
    'verifyKyc: vendor has not decided (test fault)': {
      event: {
        type: 'xstate.done.actor.verifyKyc',
        output: { code: 2, message: pendingWords, pending: true, verificationUrl: 'https://verify.stripe.com/start/test' },
      },
      when: (snapshot) => matching(snapshot) && failsWith('vendor pending')(snapshot),
      prepare: async ({ page }) =>
        answeredOnce(page, verifyUrl, { code: 2, message: pendingWords, pending: true, verificationUrl: 'https://verify.stripe.com/start/test' }),
      act: async ({ page }) =>
        expect(page.getByRole('link', { name: 'Continue verification' })).toHaveAttribute('href', 'https://verify.stripe.com/start/test'),
    },
    'verifyKyc: date of birth unreadable (test fault)': {
      event: { type: 'xstate.done.actor.verifyKyc', output: { ...adultMatch, data: { ...adultMatch.data, dob: '1990-03-14' } } },
      when: (snapshot) => matching(snapshot) && failsWith('unreadable dob')(snapshot),
      prepare: async ({ page }) => answeredOnce(page, verifyUrl, { ...adultMatch, data: { ...adultMatch.data, dob: '1990-03-14' } }),
      act: shows(dobMessages.format),
    },
    'verifyKyc: under 21 (test fault)': {
      event: { type: 'xstate.done.actor.verifyKyc', output: { ...adultMatch, data: { ...adultMatch.data, dob: underageDob } } },
      when: (snapshot) => matching(snapshot) && updating(snapshot),
      prepare: async ({ page }) => answeredOnce(page, verifyUrl, { ...adultMatch, data: { ...adultMatch.data, dob: underageDob } }),
      act: shows(tooYoungMessage),
    },
    'verifyCustomer: verified': {
      event: { type: 'xstate.done.actor.verifyCustomer', output: { code: 1, message: 'Customer verified.' } },
      when: (snapshot) => verifyingCustomer(snapshot) && checksServerPhotos(snapshot),
      act: async () => undefined,
    },
    'verifyCustomer: verified (test fault)': {
      event: { type: 'xstate.done.actor.verifyCustomer', output: { code: 1, message: 'Customer verified.' } },
      when: (snapshot) => verifyingCustomer(snapshot) && scheduled(snapshot) === 'last',
      prepare: async ({ page }) => answeredOnce(page, customerVerifyUrl, { code: 1, message: 'Customer verified.' }),
      act: async () => undefined,
    },
    'verifyCustomer: refused (test fault)': {
      event: { type: 'xstate.done.actor.verifyCustomer', output: { code: -1, message: refusedByFault } },
      when: (snapshot) => verifyingCustomer(snapshot) && failsWith('customer refused')(snapshot),
      prepare: async ({ page }) => answeredOnce(page, customerVerifyUrl),
      act: shows(refusedByFault),
    },
    'verifyCustomer: connection lost (test fault)': {
      event: { type: 'xstate.error.actor.verifyCustomer', error: new Error('offline') },
      when: (snapshot) => verifyingCustomer(snapshot) && failsWith('customer lost')(snapshot),
      prepare: async ({ page }) => connectionLostOnce(page, customerVerifyUrl),
      act: shows(offlineMessage),
    },
    'kyc.retry': {
      event: { type: 'kyc.retry' },
      when: (snapshot) => snapshot.matches('failed') || snapshot.matches('loadFailed'),
      act: async ({ page }) => button(page, 'TRY AGAIN').click(),
    },
    'kyc.check': {
      event: { type: 'kyc.check' },
      when: (snapshot) => snapshot.matches('pending') || (editing(snapshot) && checksServerPhotos(snapshot)),
      act: async ({ page }) => button(page, 'Check again').click(),
    },
    'kyc.cancel': {
      event: { type: 'kyc.cancel' },
      when: (snapshot) => snapshot.matches('refused'),
      act: async ({ page }) => button(page, 'CANCEL').click(),
    },
  },
  states: {
    'kyc.deciding': { passing: 'picks the screen from the session before the first paint' },
    'kyc.accountNeeded': { shows: (page) => page.getByRole('heading', { name: 'Please sign in' }), hides: (page) => form(page) },
    'kyc.alreadyVerified': {
      shows: (page) => page.getByRole('main').getByRole('link', { name: 'Update verification' }),
      hides: (page) => form(page),
    },
    'kyc.loading': { passing: "'Loading your application…' shows only while the server answers" },
    'kyc.loadFailed': {
      shows: (page) => page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'TRY AGAIN' }) }),
      hides: (page) => form(page),
    },
    'kyc.editing': {
      shows: (page) => form(page).getByRole('button', { name: 'SUBMIT', exact: true }),
      hides: (page) => button(page, 'TRY AGAIN'),
    },
    'kyc.submitting': { passing: "'PLEASE WAIT…' shows only while the photos go up and are checked" },
    'kyc.submitting.uploadingFront': { passing: "'Uploading your photos…' shows only while the server stores them" },
    'kyc.submitting.uploadingBack': { passing: "'Uploading your photos…' shows only while the server stores them" },
    'kyc.submitting.uploadingSelfie': { passing: "'Uploading your photos…' shows only while the server stores them" },
    'kyc.submitting.matchingFace': { passing: "'Matching your face with your ID…' shows only while the server compares them" },
    'kyc.submitting.checkingAge': { passing: 'the age is checked at once, as the face match arrives' },
    'kyc.submitting.verifyingCustomer': { passing: "'Verifying your account…' shows only while the server answers" },
    'kyc.failed': { shows: (page) => form(page).getByRole('button', { name: 'TRY AGAIN' }) },
    'kyc.pending': { shows: (page) => form(page).getByRole('status').filter({ hasText: pendingWords }) },
    'kyc.refused': {
      shows: (page) => alert(page, tooYoungMessage),
      hides: (page) => form(page).getByRole('button', { name: 'SUBMIT', exact: true }),
    },
    'kyc.verified': { passing: 'decides at once where the shopper goes' },
    // With a cart: back to it ('Kyc Successful Face Match is {n} %'); without: 'Sign Up Successful…' and sign-in.
    'kyc.done': { leaves: /\/(cart|signIn)$/ },
    'kyc.cancelled': { leaves: /\/setting\/user$/ },
  },
  notDriven: {},
};
