import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import type { VerifyUpiReply } from '../../src/api/contract/payment.contract.ts';
import { bankList, paymentOptionsMachine, type PaymentOptionsContext } from '../../src/machines/cards/payment-options.machine.ts';
import { done, failed, label } from './machine-events.ts';
import { allStateIds, allTransitions, planPaths, replay, type PathPlan, coverageTitle } from './path-coverage.ts';

const valid: VerifyUpiReply = { code: 1, message: 'UPI verified successfully', isVPAValid: 1, vpa: 'ada@okbank' };
const invalid: VerifyUpiReply = { code: 1, message: 'please provide valid UPI ID', isVPAValid: 0, vpa: 'ada@fail' };
const verified = label('verifyUpi: valid', done('verifyUpi', valid));
const refused = label('verifyUpi: invalid', done('verifyUpi', invalid));
const verifyFailed = label('verifyUpi: offline', failed('verifyUpi'));

const choose = (mode: 2 | 3 | 4) => ({ type: 'payment.option.choose', mode });

function eventsFor(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as PaymentOptionsContext;
  const switching: AnyEventObject[] = [choose(2), choose(3), choose(4)];
  if (snapshot.matches('bank')) {
    return [
      ...switching,
      ...(c.bankName === 'PNC' ? [{ type: 'bank.choose', bank: 'Chase' }] : []),
      ...(c.routingNumber === ''
        ? [
            { type: 'bank.routing.change', value: '12' },
            { type: 'bank.routing.change', value: '110000000' },
          ]
        : []),
      ...(c.accountNumber === '' ? [{ type: 'bank.account.change', value: '000123456789' }] : []),
      { type: 'payment.continue' },
    ];
  }
  // Picking a bank straight from the list (without choosing the option first).
  if (snapshot.matches('cards')) switching.push({ type: 'bank.choose', bank: 'PNC' });
  if (snapshot.matches({ upi: 'verifying' })) return [verified, refused, verifyFailed];
  if (snapshot.matches('upi')) {
    return [
      ...switching,
      ...(c.upiId === ''
        ? [
            { type: 'upi.change', upiId: 'ab' },
            { type: 'upi.change', upiId: 'ada@okbank' },
          ]
        : []),
      { type: 'upi.verify' },
      { type: 'payment.continue' },
    ];
  }
  return [...switching, { type: 'payment.continue' }];
}

const serializeState = (snapshot: AnyMachineSnapshot) => {
  const c = snapshot.context as PaymentOptionsContext;
  return JSON.stringify([snapshot.value, c.upiId, c.verifiedUpiId ?? null, c.upiError ?? null, c.bankName ?? null, c.routingNumber, c.accountNumber]);
};

/** The choice goes to the card step, a parent this graph walk has not got. */
const walkable = paymentOptionsMachine.provide({ actions: { reportChoice: () => undefined } });

describe('payment options paths', () => {
  const taken = new Set<string>();
  const reached = new Set<string>();
  const inputs: { name: string; input: object }[] = [{ name: 'cards first', input: {} }];
  for (const who of inputs) {
    const plans = planPaths(walkable, { input: who.input, events: eventsFor, serializeState });
    describe(who.name, () => {
      it.each(plans.map((p): [string, PathPlan] => [p.name, p]))('%s', (_name, plan) => {
        const result = replay(walkable, plan, who.input);
        result.transitions.forEach((t) => taken.add(t));
        result.states.forEach((s) => reached.add(s));
        expect(result.snapshot.value).toEqual(plan.expected.value);
        // Continue is open exactly for Payment on Delivery, a verified UPI id and a bank account that passes the checks.
        const open =
          result.snapshot.matches('delivery') || result.snapshot.matches({ upi: 'verified' }) || result.snapshot.matches({ bank: 'accountReady' });
        expect(result.snapshot.can({ type: 'payment.continue' })).toBe(open);
      });
    });
  }

  it(coverageTitle(paymentOptionsMachine), () => {
    expect([...allStateIds(paymentOptionsMachine)].filter((s) => !reached.has(s))).toEqual([]);
    expect([...allTransitions(paymentOptionsMachine)].filter((t) => !taken.has(t))).toEqual([]);
  });
});

function start(reply: (upiId: string) => Promise<VerifyUpiReply> = async () => valid) {
  const spies = { reportChoice: vi.fn(), verify: vi.fn() };
  const machine = paymentOptionsMachine.provide({
    actors: {
      verifyUpi: fromPromise(({ input }) => {
        spies.verify(input.upiId);
        return reply(input.upiId);
      }),
    },
    actions: { reportChoice: (_, params) => spies.reportChoice(params.choice) },
  });
  return { actor: createActor(machine, { input: {} }).start(), spies };
}

describe('payment options behaviour', () => {
  it('lists seven banks', () => {
    expect(bankList).toHaveLength(7);
  });

  it('pays by bank: a bank chosen, then Continue only once the routing and account numbers pass', () => {
    const { actor, spies } = start();
    // No radio pays by bank: a mode 1 choice changes nothing; the bank list does.
    actor.send({ type: 'payment.option.choose', mode: 1 });
    expect(actor.getSnapshot().value).toBe('cards');
    actor.send({ type: 'bank.choose', bank: 'Wells Fargo' });
    expect(actor.getSnapshot().value).toEqual({ bank: 'enteringAccount' });
    expect(actor.getSnapshot().can({ type: 'payment.continue' })).toBe(false);
    actor.send({ type: 'bank.routing.change', value: '110 000 000' });
    expect(actor.getSnapshot().value).toEqual({ bank: 'enteringAccount' });
    actor.send({ type: 'bank.account.change', value: '12' });
    expect(actor.getSnapshot().can({ type: 'payment.continue' })).toBe(false);
    actor.send({ type: 'bank.account.change', value: '000123456789' });
    expect(actor.getSnapshot().value).toEqual({ bank: 'accountReady' });
    actor.send({ type: 'payment.continue' });
    expect(spies.reportChoice).toHaveBeenCalledWith({
      payment_mode: 1,
      bank_name: 'Wells Fargo',
      routing_number: '110000000',
      account_number: '000123456789',
    });
  });

  it('starts on cards, where this machine has no Continue (the card list has)', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('cards');
    expect(actor.getSnapshot().can({ type: 'payment.continue' })).toBe(false);
  });

  it('enables Continue at once for Payment on Delivery', () => {
    const { actor, spies } = start();
    actor.send({ type: 'payment.option.choose', mode: 4 });
    expect(actor.getSnapshot().can({ type: 'payment.continue' })).toBe(true);
    actor.send({ type: 'payment.continue' });
    expect(spies.reportChoice).toHaveBeenCalledWith({ payment_mode: 4 });
  });

  it("refuses a UPI id under 5 characters with 'please provide valid UPI ID' and asks nobody", () => {
    const { actor, spies } = start();
    actor.send({ type: 'payment.option.choose', mode: 3 });
    actor.send({ type: 'upi.change', upiId: 'a@b' });
    actor.send({ type: 'upi.verify' });
    expect(actor.getSnapshot().context.upiError).toBe('please provide valid UPI ID');
    expect(spies.verify).not.toHaveBeenCalled();
    expect(actor.getSnapshot().can({ type: 'payment.continue' })).toBe(false);
  });

  it("verifies with the server: 'UPI verified successfully' and Continue with the id", async () => {
    const { actor, spies } = start();
    actor.send({ type: 'payment.option.choose', mode: 3 });
    actor.send({ type: 'upi.change', upiId: ' ada@okbank ' });
    actor.send({ type: 'upi.verify' });
    await waitFor(actor, (s) => s.matches({ upi: 'verified' }));
    expect(spies.verify).toHaveBeenCalledWith('ada@okbank');
    expect(actor.getSnapshot().context.upiMessage).toBe('UPI verified successfully');
    actor.send({ type: 'payment.continue' });
    expect(spies.reportChoice).toHaveBeenCalledWith({ payment_mode: 3, upi_address: 'ada@okbank' });
    // A changed id must be verified again.
    actor.send({ type: 'upi.change', upiId: 'eve@okbank' });
    expect(actor.getSnapshot().can({ type: 'payment.continue' })).toBe(false);
  });

  it('shows an invalid id inline and keeps Continue off', async () => {
    const { actor } = start(async () => invalid);
    actor.send({ type: 'payment.option.choose', mode: 3 });
    actor.send({ type: 'upi.change', upiId: 'ada@fail' });
    actor.send({ type: 'upi.verify' });
    await waitFor(actor, (s) => s.matches({ upi: 'editing' }) && s.context.upiError !== undefined);
    expect(actor.getSnapshot().context.upiError).toBe('please provide valid UPI ID');
    expect(actor.getSnapshot().can({ type: 'payment.continue' })).toBe(false);
  });
});
