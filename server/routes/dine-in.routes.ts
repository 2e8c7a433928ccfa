import type { FastifyPluginAsync } from 'fastify';
import {
  dineinRetailerBody,
  partnerLocatorQuery,
  zipSuggestionQuery,
  type DineinRetailerReply,
  type PartnerLocatorReply,
  type ZipSuggestionReply,
} from '../../src/api/contract/dine-in.contract.ts';
import { comingSoonMessage } from '../../src/rules/messages.ts';
import { normalizePincode } from '../../src/rules/pincode.ts';
import type { AppDeps } from '../deps.ts';
import { parseWith } from '../http/validate.ts';
import { dineinRetailers, restaurantsNear } from '../services/catalogue/partner-restaurants.ts';
import { suggestZip } from '../services/catalogue/zip-suggestion.ts';

/** Partner restaurants (issue 12): the dine-in retailer list, the locator, and the pincode dialog's geo-IP prefill. */
export function dineInRoutes({ db, geoLocate }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /** The restaurants of the shopper's city (code 1, maybe none); code -1 with the coming-soon message for an unserved zip. */
    app.post('/api/product/dineinRetailerList', async (request): Promise<DineinRetailerReply> => {
      const body = parseWith(dineinRetailerBody, request.body);
      const outcome = await dineinRetailers(db, {
        zipcode: normalizePincode(body.zipcode),
        location: body.location,
        priceCategory: body.price_category,
      });
      if (outcome.kind === 'not-served') return { code: -1, message: comingSoonMessage };
      return { code: 1, data: { vendordata: outcome.retailers } };
    });

    /** /party/locator: restaurants near any zip, nearest first; code -1 with the spec's unserved-zip notice when none is near. */
    app.get('/api/partners/locator', async (request): Promise<PartnerLocatorReply> => {
      const query = parseWith(partnerLocatorQuery, request.query);
      const near = await restaurantsNear(db, normalizePincode(query.zipcode));
      if (!near || near.length === 0) return { code: -1, message: comingSoonMessage };
      return { code: 1, data: { restaurants: near } };
    });

    /**
     * The served zip nearest the caller's city, for the pincode dialog to offer (never to submit). The address is
     * request.ip, which honours X-Forwarded-For only from the proxies TRUST_PROXY names.
     */
    app.get('/connect/index/suggestzipcode', async (request): Promise<ZipSuggestionReply> => {
      parseWith(zipSuggestionQuery, request.query);
      const suggestion = await suggestZip(db, geoLocate, request.ip);
      if (!suggestion) return { code: -1, message: 'No pincode to suggest' };
      return {
        code: 1,
        data: { zipcode: suggestion.zipcode, city: suggestion.city, state: suggestion.state, from_city: suggestion.fromCity },
      };
    });
  };
}
