import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardErrors,
  cardNumberError,
  cvcError,
  expiryError,
  expiryLabel,
  isLuhnValid,
  lastFour,
  maskedCardNumber,
} from '../../src/rules/card-validation.ts';

const now = new Date('2026-11-22T12:00:00Z');

describe('card number', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
  ])('%s is a valid %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
    expect(cardNumberError(number)).toBeUndefined();
  });

  it('checks the Luhn digit, length and characters', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(cardNumberError('4242424242424241')).toBe('Your card number is invalid.');
    expect(cardNumberError('424242424242')).toBe('Your card number is incomplete.');
    expect(cardNumberError('')).toBe('Your card number is incomplete.');
    expect(cardNumberError('4242x24242424242')).toBe('Your card number is invalid.');
    expect(cardNumberError('42424242424242424242')).toBe('Your card number is invalid.');
    expect(cardNumberError('9999999999999995')).toBe('Your card number is invalid.');
  });

  it('keeps only the last four', () => {
    expect(lastFour('4242 4242 4242 4242')).toBe('4242');
    expect(maskedCardNumber('4242')).toBe('************4242');
    expect(expiryLabel(3, 2031)).toBe('03/31');
  });
});

describe('expiry and CVC', () => {
  it('refuses a past month, a bad month and a far year', () => {
    expect(expiryError(11, 2026, now)).toBeUndefined();
    expect(expiryError(10, 2026, now)).toBe("Your card's expiration date is in the past.");
    expect(expiryError(12, 25, now)).toBe("Your card's expiration date is in the past.");
    expect(expiryError(13, 2030, now)).toBe("Your card's expiration month is invalid.");
    expect(expiryError(0, 2030, now)).toBe("Your card's expiration month is invalid.");
    expect(expiryError(1, 2060, now)).toBe("Your card's expiration year is invalid.");
    expect(expiryError(1, 30, now)).toBeUndefined();
  });

  it('wants 3 digits, 4 for American Express', () => {
    expect(cvcError('123', 'visa')).toBeUndefined();
    expect(cvcError('12', 'visa')).toBe("Your card's security code is incomplete.");
    expect(cvcError('1234', 'visa')).toBe("Your card's security code is invalid.");
    expect(cvcError('123', 'amex')).toBe("Your card's security code is incomplete.");
    expect(cvcError('1234', 'amex')).toBeUndefined();
    expect(cvcError('12a', 'visa')).toBe("Your card's security code is invalid.");
  });

  it('reports every invalid field at once', () => {
    expect(cardErrors({ holder: ' ', number: '4242424242424241', expMonth: 1, expYear: 2020, cvc: '1' }, now)).toEqual({
      holder: 'Card holder is required.',
      number: 'Your card number is invalid.',
      expiry: "Your card's expiration date is in the past.",
      cvc: "Your card's security code is incomplete.",
    });
    expect(cardErrors({ holder: 'Ada', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }, now)).toEqual({});
  });
});
