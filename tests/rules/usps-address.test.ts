import { describe, expect, test } from 'vitest';
import { doorKey, ordinalFigure, uspsAddressLine, uspsStandardLine } from '../../src/rules/usps-address.ts';

/**
 * Issue 26 item 4: the per-address limit took '350 Fifth Avenue', '350 5th Ave Apt 1', '350  5th  Ave #2' and
 * '350 5th Av' for new doors. Rows: a line as typed, and its USPS Publication 28 standard form.
 */
describe('USPS Publication 28 standard lines', () => {
  test.each([
    // Section 211/212: upper case, no punctuation, single spaces.
    ['350 5th Ave.', '350 5TH AVE'],
    ['350  5th  Ave', '350 5TH AVE'],
    ['102 Main St.,', '102 MAIN ST'],
    // Appendix C1: common suffix spellings → the standard abbreviation, in the suffix's place only.
    ['350 Fifth Avenue', '350 5TH AVE'],
    ['350 5th Av', '350 5TH AVE'],
    ['1 Elm Boulevard', '1 ELM BLVD'],
    ['20 Oak Strt', '20 OAK ST'],
    ['7 Pine Crescent', '7 PINE CRES'],
    ['9 Mill Crossing', '9 MILL XING'],
    ['12 River Parkway', '12 RIVER PKWY'],
    ['44 Lake Terrace', '44 LAKE TER'],
    ['5 Harbor Heights', '5 HARBOR HTS'],
    ['10 Park Avenue', '10 PARK AVE'],
    ['10 Avenue Rd', '10 AVENUE RD'],
    // Section 233: directionals abbreviated before and after the name, kept when they are the name.
    ['1000 East Main Street', '1000 E MAIN ST'],
    ['1200 Park Avenue South', '1200 PARK AVE S'],
    ['88 Northwest Lake Drive', '88 NW LAKE DR'],
    ['123 Northwest Blvd', '123 NORTHWEST BLVD'],
    ['100 North Street', '100 NORTH ST'],
    ['400 West Broadway', '400 W BROADWAY'],
    // Ordinals and house numbers in words as figures.
    ['One Twenty-Third Street', '1 23RD ST'],
    ['5 Twenty First Street', '5 21ST ST'],
    ['2 Second Avenue', '2 2ND AVE'],
    ['15 Eleventh St', '15 11TH ST'],
    ['3 Three Rivers Road', '3 THREE RIVERS RD'],
    // Appendix C2: unit designators standardised, a pound sign followed by a space.
    ['101 Main St Apt 101', '101 MAIN ST APT 101'],
    ['101 Main St Apartment 101', '101 MAIN ST APT 101'],
    ['350 5th Ave #2', '350 5TH AVE # 2'],
    ['350 5th Ave # 2', '350 5TH AVE # 2'],
    ['500 Market Street Suite 300', '500 MARKET ST STE 300'],
    ['10 Downing Street Basement', '10 DOWNING ST BSMT'],
    ['1 Ocean Front Walk', '1 OCEAN FRONT WALK'],
  ])('%s → %s', (typed, standard) => {
    expect(uspsStandardLine(typed)).toBe(standard);
  });

  test('the unit is kept apart from the building', () => {
    expect(uspsAddressLine('350 5th Ave Apt 1')).toEqual({ primary: '350 5TH AVE', unit: 'APT 1' });
    expect(uspsAddressLine('350 5th Ave')).toEqual({ primary: '350 5TH AVE', unit: '' });
  });

  test('ordinal endings', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinalFigure)).toEqual([
      '1ST',
      '2ND',
      '3RD',
      '4TH',
      '11TH',
      '12TH',
      '13TH',
      '21ST',
      '22ND',
      '23RD',
      '101ST',
      '111TH',
    ]);
  });
});

describe('one door for the per-address limits', () => {
  const door = doorKey({ street1: '350 5th Ave', zipcode: '10001' });
  test.each(['350 5TH AVE.', '350 Fifth Avenue', '350 5th Ave Apt 1', '350  5th  Ave #2', '350 5th Av'])('%s is the same door', (street1) => {
    expect(doorKey({ street1, zipcode: '10001' })).toBe(door);
  });
  test('another number, street or ZIP is another door', () => {
    expect(doorKey({ street1: '352 5th Ave', zipcode: '10001' })).not.toBe(door);
    expect(doorKey({ street1: '350 6th Ave', zipcode: '10001' })).not.toBe(door);
    expect(doorKey({ street1: '350 5th St', zipcode: '10001' })).not.toBe(door);
    expect(doorKey({ street1: '350 5th Ave', zipcode: '10002' })).not.toBe(door);
    expect(doorKey({ street1: '350 5th Ave', zipcode: '10001-1234' })).toBe(door);
  });
});
