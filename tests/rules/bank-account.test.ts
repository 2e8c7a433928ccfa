import { describe, expect, it } from 'vitest';
import {
  bankAccountErrors,
  bankDebitClearsBy,
  bankDebitRefusal,
  bankMessages,
  banks,
  isAccountNumber,
  isRoutingNumber,
} from '../../src/rules/bank-account.ts';
import { placeOrderOutcome } from '../../src/rules/checkout-flow.ts';

describe('bank account rules', () => {
  it('lists the spec’s seven banks', () => {
    expect(banks).toHaveLength(7);
  });

  it('takes ABA routing numbers by their check digit, spaces and dashes aside', () => {
    expect(isRoutingNumber('110000000')).toBe(true);
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('021-000-021')).toBe(true);
    expect(isRoutingNumber('110000001')).toBe(false);
    expect(isRoutingNumber('11000000')).toBe(false);
    expect(isRoutingNumber('11000000a')).toBe(false);
  });

  it('takes account numbers of 4 to 17 digits', () => {
    expect(isAccountNumber('000123456789')).toBe(true);
    expect(isAccountNumber('123')).toBe(false);
    expect(isAccountNumber('123456789012345678')).toBe(false);
  });

  it('names each field that is wrong, by the place-order body’s names', () => {
    expect(bankAccountErrors({ bankName: 'Chase', routingNumber: '110000000', accountNumber: '000123456789' })).toEqual({});
    expect(bankAccountErrors({ bankName: 'Piggy', routingNumber: '1', accountNumber: 'x' })).toEqual({
      bank_name: bankMessages.chooseBank,
      routing_number: bankMessages.routing,
      account_number: bankMessages.account,
    });
  });

  it('reads a placed order still pending payment as waiting for the bank', () => {
    expect(placeOrderOutcome({ code: 1, order_id: '100000009', status: 'pending_payment' })).toEqual({
      kind: 'placed',
      orderId: '100000009',
      awaitsBankPayment: true,
    });
    expect(placeOrderOutcome({ code: 1, order_id: '100000010', status: 'processing' })).toEqual({ kind: 'placed', orderId: '100000010' });
  });
});

describe('a bank debit and the delivery date', () => {
  it('clears 4 business days on, weekends skipped', () => {
    // Monday 11/30/2026 → Friday 12/04; Thursday 12/03 → Wednesday 12/09.
    expect(bankDebitClearsBy('2026-11-30')).toBe('2026-12-04');
    expect(bankDebitClearsBy('2026-12-03')).toBe('2026-12-09');
    expect(bankDebitClearsBy('2026-12-05')).toBe('2026-12-10');
  });

  it('is refused for an order due today or before the debit clears, naming the option and the first day it is offered', () => {
    expect(bankDebitRefusal(['2026-11-30'], '2026-11-30')).toBe(bankMessages.tooSoon('12/04/2026'));
    expect(bankDebitRefusal(['2026-12-10', '2026-12-01'], '2026-11-30')).toContain('Pay From Your Bank Account');
    expect(bankDebitRefusal(['2026-12-04'], '2026-11-30')).toBeUndefined();
    expect(bankDebitRefusal([], '2026-11-30')).toBeUndefined();
  });

  it('is worded by hand-over: no "on delivery" at a table, no "deliveries" for a pick-up or a table (walk 3 #15)', () => {
    const table = bankDebitRefusal(['2026-11-30'], '2026-11-30', 'dine-in') ?? '';
    expect(table).toContain('12/04/2026');
    expect(table).toContain('Please pay by card or UPI');
    expect(table).not.toMatch(/on delivery|deliver/i);
    const pickUp = bankDebitRefusal(['2026-11-30'], '2026-11-30', 'pick-up') ?? '';
    expect(pickUp).toContain('at the counter');
    expect(pickUp).not.toMatch(/on delivery|deliver/i);
    expect(bankDebitRefusal(['2026-11-30'], '2026-11-30', 'delivery')).toBe(bankMessages.tooSoon('12/04/2026'));
  });
});
