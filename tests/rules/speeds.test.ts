import { describe, expect, it } from 'vitest';
import { isSpeedValue, orderedSpeeds, speedName, speeds } from '../../src/rules/speeds.ts';

describe('speeds', () => {
  it('names each value: Same Day is local, Next Day courier, Farm Direct farm-direct', () => {
    expect(speeds.map((s) => s.value)).toEqual(['local', 'courier', 'farm-direct']);
    expect(speeds.map((s) => speedName(s.value))).toEqual(['Same Day', 'Next Day', 'Farm Direct']);
  });

  it('recognises only the three values', () => {
    expect(isSpeedValue('local')).toBe(true);
    expect(isSpeedValue('Local')).toBe(false);
    expect(isSpeedValue(undefined)).toBe(false);
  });

  it('orders available speeds like the dropdown and drops unknown ones', () => {
    expect(orderedSpeeds(['farm-direct', 'pigeon', 'local', 'local'])).toEqual(['local', 'farm-direct']);
  });
});
