import type { FastifyPluginAsync } from 'fastify';
import { storesQuery, type StoresReply } from '../../src/api/contract/stores.contract.ts';
import type { AppDeps } from '../deps.ts';
import { parseWith } from '../http/validate.ts';
import { sampleStores } from '../services/catalogue/sample-stores.ts';

/** The store carousel and map of sample stores: the sellers, those delivering to the shopper's zip marked. */
export function storesRoutes(deps: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/connect/index/stores', async (request): Promise<StoresReply> => {
      const query = parseWith(storesQuery, request.query);
      return { code: 1, data: { stores: await sampleStores(deps.db, query.zipcode) } };
    });
  };
}
