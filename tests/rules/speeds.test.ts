import { describe, expect, it } from 'vitest';
import { isSpeedValue, orderedSpeeds, speedLabel, speedName, speedOfName, speeds } from '../../src/rules/speeds.ts';

describe('speeds', () => {
  it('maps Same Day to local, Next Day to courier and Farm Direct to farm-direct', () => {
    expect(speedOfName('Same Day')).toBe('local');
    expect(speedOfName('Next Day')).toBe('courier');
    expect(speedOfName('Farm Direct')).toBe('farm-direct');
    expect(speedOfName('Tomorrow')).toBeUndefined();
  });

  it('names and labels each value', () => {
    expect(speeds.map((s) => speedName(s.value))).toEqual(['Same Day', 'Next Day', 'Farm Direct']);
    expect(speedLabel('local')).toBe('Local Delivery');
    expect(speedLabel('courier')).toBe('Courier Delivery');
    expect(speedLabel('farm-direct')).toBe('Farm Direct');
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
