import type { FastifyPluginAsync } from 'fastify';
import { bannersQuery, homepageQuery, type BannersReply, type HomepageReply } from '../../src/api/contract/home.contract.ts';
import type { AppDeps } from '../deps.ts';
import { parseWith } from '../http/validate.ts';
import { banners, homepage } from '../services/home.ts';
import { isServedArea } from '../services/service-areas.ts';

export function homeRoutes({ db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/connect/index/homepage', async (request): Promise<HomepageReply> => {
      const query = parseWith(homepageQuery, request.query);
      if (!(await isServedArea(db, query.loc_id))) {
        return { code: -1, message: 'We do not deliver to this area yet. Please choose another pincode.' };
      }
      const data = await homepage(db, query.loc_id);
      if (data.topproduct.length === 0) return { code: -1, message: 'No product available' };
      return { code: 1, data };
    });

    app.get('/connect/index/banners', async (request): Promise<BannersReply> => {
      parseWith(bannersQuery, request.query);
      return { code: 1, data: await banners(db) };
    });
  };
}
