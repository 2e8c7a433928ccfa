import { describe, expect, it } from 'vitest';
import { geoIpLocate } from '../../server/services/platform/geo-ip.ts';

describe('geoIpLocate (geoip-lite, loaded on the first call)', () => {
  it('places a city-level address, and says nothing for private, loopback, country-level or malformed ones', async () => {
    expect(await geoIpLocate('71.190.0.1')).toMatchObject({ city: 'Brooklyn', region: 'NY', country: 'US' });
    // 8.8.8.8 is known only to the country: no city to suggest a zip for.
    for (const ip of ['127.0.0.1', '10.0.0.7', '::1', '8.8.8.8', 'not-an-ip', '']) expect(await geoIpLocate(ip)).toBeUndefined();
  });
});
