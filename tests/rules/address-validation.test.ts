import { describe, expect, it } from 'vitest';
import {
  addressErrors,
  addressMessages,
  addressRuleMessages,
  cityMatchesZip,
  isSameZip,
  phoneFieldError,
  zipcodeFieldError,
  type AddressValues,
} from '../../src/rules/address-validation.ts';

const good: AddressValues = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '12 W 31st St',
  address2: 'Apt 4',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  addressNickname: 'Home',
  phone: '2125550100',
};

const empty: AddressValues = { firstName: '', lastName: '', address: '', city: '', state: '', zip: '', addressNickname: '', phone: '' };

describe('address forms (spec section 5, word for word)', () => {
  it('accepts a complete address', () => {
    expect(addressErrors(good, 'shipping')).toEqual({});
    expect(addressErrors({ ...good, addressNickname: '' }, 'billing')).toEqual({});
    expect(addressErrors({ ...good, addressNickname: undefined }, 'account-edit')).toEqual({});
  });

  it('reports every missing shipping field at once', () => {
    expect(addressErrors(empty, 'shipping')).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      address: 'Address is required.',
      city: 'City is required.',
      state: 'State is required.',
      zip: 'Zipcode is required.',
      addressNickname: 'Address nickname is required.',
      phone: 'Phone is required.',
    });
  });

  it('words the billing form in lower case and does not need a nickname', () => {
    expect(addressErrors(empty, 'billing')).toEqual({
      firstName: 'first name is required.',
      lastName: 'last name is required.',
      address: 'Address is required.',
      city: 'City is required.',
      state: 'State is required.',
      zip: 'Zipcode is required.',
      phone: 'Phone is required.',
    });
    expect(addressErrors({ ...good, zip: 'abcde' }, 'billing')).toEqual({ zip: 'Must be a number.' });
  });

  it('uses the account edit form phone wording', () => {
    expect(addressErrors({ ...good, phone: '212-555-01' }, 'account-edit')).toEqual({ phone: 'Phone must be a number.' });
    expect(addressErrors({ ...good, phone: '212-555-01' }, 'shipping')).toEqual({ phone: 'Phone  must be a number.' });
  });

  it.each([
    ['', 'Zipcode is required.'],
    ['1000a', 'Zipcode must be a number.'],
    ['1000', 'Must be exactly 5 digit'],
    ['100011', 'Must be exactly 5 digit'],
    [' 10001 ', undefined],
  ])('zip %j → %j', (zip, message) => {
    expect(zipcodeFieldError(zip)).toBe(message);
  });

  it.each([
    ['', 'Phone is required.'],
    ['(212)55501', 'Phone  must be a number.'],
    ['212555010', 'Must be exactly 10 digit'],
    ['2125550100', undefined],
  ])('phone %j → %j', (phone, message) => {
    expect(phoneFieldError(phone)).toBe(message);
  });

  it('refuses an unknown state and overlong fields', () => {
    const errors = addressErrors({ ...good, state: 'Narnia', firstName: 'x'.repeat(51) }, 'shipping');
    expect(errors).toEqual({ state: 'Please choose a US state or territory.', firstName: 'Must be at most 50 characters.' });
    expect(addressErrors({ ...good, state: 'new york' }, 'shipping')).toEqual({});
  });

  it('keeps the exact texts, two spaces included', () => {
    expect(addressMessages.phoneNumber).toBe('Phone  must be a number.');
    expect(addressRuleMessages).toEqual({
      zipCityMismatch: "Your Zipcode and City Value Doesn't match.Please Fix and Try Again",
      selectionNotAllowed: "Selection not Allowed as Shipping Zipcode dosen't Match with Shopping Zipcode",
      deliveryZipMismatch: 'Delivery zipcode Doesnot match with selected product zipcode',
    });
  });
});

describe('zip and city', () => {
  it('compares case-insensitively and trimmed; an unknown zip passes', () => {
    expect(cityMatchesZip(' new york ', 'New York')).toBe(true);
    expect(cityMatchesZip('Brooklyn', 'New York')).toBe(false);
    expect(cityMatchesZip('Anywhere', undefined)).toBe(true);
    expect(isSameZip('10001 ', '10001')).toBe(true);
    expect(isSameZip('10002', '10001')).toBe(false);
  });
});
