import { describe, expect, it } from 'vitest';
import { catalogueSpeeds, isSpeedValue, isVisitSpeed, orderedSpeeds, speedName, speeds } from '../../src/rules/speeds.ts';

describe('speeds', () => {
  it('names each value: Same Day is local, Next Day courier, Farm Direct farm-direct; a restaurant’s Dine-In and Pick-Up', () => {
    expect(speeds.map((s) => s.value)).toEqual(['local', 'courier', 'farm-direct', 'dine-in', 'pickup']);
    expect(speeds.map((s) => speedName(s.value))).toEqual(['Same Day', 'Next Day', 'Farm Direct', 'Dine-In', 'Pick-Up']);
  });

  it('recognises only the known values', () => {
    expect(isSpeedValue('local')).toBe(true);
    expect(isSpeedValue('dine-in')).toBe(true);
    expect(isSpeedValue('Local')).toBe(false);
    expect(isSpeedValue(undefined)).toBe(false);
    expect(isVisitSpeed('pickup')).toBe(true);
    expect(isVisitSpeed('local')).toBe(false);
  });

  it('orders available speeds like the dropdown and drops unknown ones', () => {
    expect(orderedSpeeds(['farm-direct', 'pigeon', 'local', 'local'])).toEqual(['local', 'farm-direct']);
  });

  it('shows a restaurant’s offers only for its own courier_type; any other reads the delivery speeds', () => {
    expect(catalogueSpeeds(undefined)).toEqual(['local', 'courier', 'farm-direct']);
    expect(catalogueSpeeds('courier')).toEqual(['local', 'courier', 'farm-direct']);
    expect(catalogueSpeeds('dine-in')).toEqual(['dine-in']);
    expect(catalogueSpeeds('pickup')).toEqual(['pickup']);
  });
});
