import type { FastifyPluginAsync } from 'fastify';
import { serviceAreaQuery, zipLookupQuery, type ServiceAreaReply, type ZipLookupReply } from '../../src/api/contract/location.contract.ts';
import { comingSoonMessage } from '../../src/rules/messages.ts';
import { normalizePincode } from '../../src/rules/pincode.ts';
import type { AppDeps } from '../deps.ts';
import { parseWith } from '../http/validate.ts';
import { lookupZip, servedCities, zipsOfCity } from '../services/catalogue/service-areas.ts';

export function locationRoutes({ db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/connect/index/getaddressbyzipcode', async (request): Promise<ZipLookupReply> => {
      const { zipcode } = parseWith(zipLookupQuery, request.query);
      const found = await lookupZip(db, normalizePincode(zipcode));
      if (found.served) {
        return {
          code: 1,
          message: 'Zipcode found',
          data: [{ zipcode: found.zipcode, city: found.city, state: found.state, loc_id: found.loc_id }],
        };
      }
      return {
        code: -1,
        message: comingSoonMessage,
        data: [{ zipcode: found.zipcode, city: found.city, state: found.state }],
      };
    });

    app.get('/connect/citylist/currentservicearea', async (request): Promise<ServiceAreaReply> => {
      const { city, state } = parseWith(serviceAreaQuery, request.query);
      const cities = await servedCities(db);
      return { code: 1, data: { avaialbepostcodes: zipsOfCity(cities, city, state), all_areas: cities } };
    });
  };
}
