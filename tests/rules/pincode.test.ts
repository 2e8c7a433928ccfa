import { describe, expect, it } from 'vitest';
import { pincodeError, pincodeMessages } from '../../src/rules/pincode.ts';

describe('pincode rule (spec messages word for word)', () => {
  it.each([
    ['', 'Pincode is required.'],
    ['   ', 'Pincode is required.'],
    ['abcde', 'Pincode must be a number.'],
    ['1234a', 'Pincode must be a number.'],
    ['-1234', 'Pincode must be a number.'],
    ['1234', 'Must be exactly 5 digit'],
    ['123456', 'Must be exactly 5 digit'],
    ['10001', undefined],
    [' 60601 ', undefined],
  ])('%j → %j', (value, message) => {
    expect(pincodeError(value)).toBe(message);
  });

  it('exposes the exact texts', () => {
    expect(pincodeMessages).toEqual({
      required: 'Pincode is required.',
      number: 'Pincode must be a number.',
      length: 'Must be exactly 5 digit',
    });
  });
});
