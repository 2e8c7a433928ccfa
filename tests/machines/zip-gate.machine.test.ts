import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { CaptchaVerifyReply } from '../../src/api/contract/captcha.contract.ts';
import type { ZipLookupReply } from '../../src/api/contract/location.contract.ts';
import { ApiError } from '../../src/api/http.ts';
import type { SessionValues } from '../../src/machines/app/session-values.ts';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { zipGateMachine } from '../../src/machines/auth/zip-gate.machine.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const comingSoon = 'We are coming soon to this pincode. Please see a list of all pincodes we currently serve.';
const verified = { type: 'xstate.done.actor.verifyCaptcha', output: { code: 1, message: 'Captcha verified.' } };
const notVerified = { type: 'xstate.done.actor.verifyCaptcha', output: { code: -1, message: 'No.' } };
const captchaSpent = {
  type: 'xstate.error.actor.verifyCaptcha',
  error: new ApiError('altcha: x', 0, 400, [{ field: 'altcha', message: 'The captcha has expired or was already used. Please try again.' }]),
};
const served = {
  type: 'xstate.done.actor.lookupZip',
  output: { code: 1, message: 'Zipcode found', data: [{ zipcode: '60601', city: 'Chicago', state: 'IL', loc_id: 103 }] },
};
const notServed = {
  type: 'xstate.done.actor.lookupZip',
  output: { code: -1, message: comingSoon, data: [{ zipcode: '90210', city: 'Beverly Hills', state: 'CA' }] },
};
const offline = { type: 'xstate.error.actor.lookupZip', error: new ApiError('You are not connected to internet', 500, 0) };

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  if (snapshot.matches('verifyingCaptcha')) return [verified, notVerified, captchaSpent];
  if (snapshot.matches('lookingUp')) return [served, notServed, offline];
  return [
    { type: 'field.change', field: 'zipcode', value: '' },
    { type: 'field.change', field: 'zipcode', value: '606' },
    { type: 'field.change', field: 'zipcode', value: '60601' },
    { type: 'captcha.solve', payload: 'solved' },
    { type: 'captcha.reset' },
    { type: 'zip.submit' },
  ];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as { zipcode: string; error?: string; message?: string; captcha?: string };
  return JSON.stringify([snapshot.value, c.zipcode, c.error ?? null, c.message ?? null, c.captcha ? 1 : 0]);
};

const scenarios: { name: string; stored: SessionValues }[] = [
  { name: 'first visit', stored: {} },
  { name: 'another zip with a cart', stored: { zipcode: '10001', location: 101, zipState: 'NY', cart_id: 'cart-1', total_products_in_cart: 2 } },
];

describe('zip gate paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  for (const scenario of scenarios) {
    const input = () => ({ session: createActor(sessionMachine, { input: scenario.stored }).start() });
    const plans = planPaths(zipGateMachine, { input: input(), events: eventsFor, serializeState });
    describe(scenario.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const args = input();
        const result = replay(zipGateMachine, plan, args);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        const session = args.session.getSnapshot().context;
        if (result.snapshot.matches('served')) {
          expect(session).toMatchObject({ zipcode: '60601', zipState: 'IL', location: 103 });
          if (scenario.stored.cart_id) expect(session.cart_id).toBeUndefined();
        } else {
          expect(session).toEqual(scenario.stored);
        }
      });
    });
  }

  it(coverageTitle(zipGateMachine), () => {
    expect([...allStateIds(zipGateMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(zipGateMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

describe('zip gate behaviour', () => {
  function start(verify: () => Promise<CaptchaVerifyReply>, lookup: () => Promise<ZipLookupReply>) {
    const session = createActor(sessionMachine, { input: {} }).start();
    const calls: { verify: unknown[]; lookup: unknown[] } = { verify: [], lookup: [] };
    const goToStore = vi.fn();
    const machine = zipGateMachine.provide({
      actors: {
        verifyCaptcha: fromPromise(async ({ input }) => {
          calls.verify.push(input);
          return verify();
        }),
        lookupZip: fromPromise(async ({ input }) => {
          calls.lookup.push(input);
          return lookup();
        }),
      },
      actions: { goToStore },
    });
    const actor = createActor(machine, { input: { session } }).start();
    return { actor, session, calls, goToStore };
  }
  const ok = async (): Promise<CaptchaVerifyReply> => ({ code: 1, message: 'Captcha verified.' });

  it('needs the captcha before it can be submitted, then words an empty zip as the spec does', () => {
    const t = start(ok, async () => served.output as ZipLookupReply);
    expect(t.actor.getSnapshot().can({ type: 'zip.submit' })).toBe(false);
    t.actor.send({ type: 'captcha.solve', payload: 'solved' });
    t.actor.send({ type: 'zip.submit' });
    expect(t.actor.getSnapshot().context.error).toBe('Please provide zipcode');
    t.actor.send({ type: 'field.change', field: 'zipcode', value: '6060' });
    t.actor.send({ type: 'zip.submit' });
    expect(t.actor.getSnapshot().context.error).toBe('Must be exactly 5 digit');
    expect(t.calls.verify).toEqual([]);
  });

  it('checks the captcha, then the zip; a served zip is stored and opens the store', async () => {
    const t = start(ok, async () => ({ code: 1, data: [{ zipcode: '60601', city: 'Chicago', state: 'IL', loc_id: 103 }] }));
    t.actor.send({ type: 'field.change', field: 'zipcode', value: ' 60601 ' });
    t.actor.send({ type: 'captcha.solve', payload: 'solved' });
    t.actor.send({ type: 'zip.submit' });
    await vi.waitFor(() => expect(t.goToStore).toHaveBeenCalledOnce());
    expect(t.calls).toEqual({ verify: [{ altcha: 'solved' }], lookup: [{ zipcode: '60601' }] });
    expect(t.session.getSnapshot().context).toMatchObject({ zipcode: '60601', zipState: 'IL', location: 103 });
  });

  it("a zip of another area drops the old area's Dine-In or Pick-Up choice; one of the same area keeps it", async () => {
    const visit = {
      couriertype: 'pickup',
      shippingType: 'pick-up',
      pickup: 1,
      retailer: 401,
      vendor_location_id: 401,
      retailer_name: 'Gramercy Chop House',
    } as const;
    for (const [stored, kept] of [
      [{ zipcode: '10001', location: 101, zipState: 'NY', ...visit }, false],
      [{ zipcode: '60602', location: 103, zipState: 'IL', ...visit }, true],
    ] as const) {
      const t = start(ok, async () => ({ code: 1, data: [{ zipcode: '60601', city: 'Chicago', state: 'IL', loc_id: 103 }] }));
      t.session.send({ type: 'session.update', values: stored });
      t.actor.send({ type: 'field.change', field: 'zipcode', value: '60601' });
      t.actor.send({ type: 'captcha.solve', payload: 'solved' });
      t.actor.send({ type: 'zip.submit' });
      await vi.waitFor(() => expect(t.goToStore).toHaveBeenCalledOnce());
      const values = t.session.getSnapshot().context;
      expect(values).toMatchObject({ zipcode: '60601', location: 103 });
      expect({ retailer: values.retailer, couriertype: values.couriertype, vendor_location_id: values.vendor_location_id }).toEqual(
        kept
          ? { retailer: 401, couriertype: 'pickup', vendor_location_id: 401 }
          : { retailer: undefined, couriertype: undefined, vendor_location_id: undefined },
      );
    }
  });

  it("code -1 shows the server's message and asks for a new captcha", async () => {
    const t = start(ok, async () => ({ code: -1, message: comingSoon, data: [{ zipcode: '90210' }] }));
    t.actor.send({ type: 'field.change', field: 'zipcode', value: '90210' });
    t.actor.send({ type: 'captcha.solve', payload: 'solved' });
    t.actor.send({ type: 'zip.submit' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.message).toBe(comingSoon));
    expect(t.actor.getSnapshot().context).toMatchObject({ captcha: undefined, captchaRound: 1 });
    expect(t.session.getSnapshot().context.zipcode).toBeUndefined();
  });

  it('a refused captcha shows why and never looks the zip up', async () => {
    const t = start(
      () => Promise.reject(new ApiError('x', 0, 400, [{ field: 'altcha', message: 'Please complete the captcha.' }])),
      async () => served.output as ZipLookupReply,
    );
    t.actor.send({ type: 'field.change', field: 'zipcode', value: '60601' });
    t.actor.send({ type: 'captcha.solve', payload: 'forged' });
    t.actor.send({ type: 'zip.submit' });
    await vi.waitFor(() => expect(t.actor.getSnapshot().context.message).toBe('Please complete the captcha.'));
    expect(t.calls.lookup).toEqual([]);
  });
});
