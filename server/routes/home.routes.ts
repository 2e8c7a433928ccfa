import type { FastifyPluginAsync } from 'fastify';
import { bannersQuery, homepageQuery, type BannersReply, type HomepageReply } from '../../src/api/contract/home.contract.ts';
import type { AppDeps } from '../deps.ts';
import { checkedRestaurant } from '../http/chosen-restaurant.ts';
import { parseWith } from '../http/validate.ts';
import { isServedLocation, notServedMessage } from '../services/catalogue/catalogue-cache.ts';
import { banners, cachedHomepage } from '../services/catalogue/home.ts';

/** The home and its banners: catalogue reads, so from the read replica when there is one (decision 045). */
export function homeRoutes({ readDb: db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/connect/index/homepage', async (request): Promise<HomepageReply> => {
      const query = parseWith(homepageQuery, request.query);
      // Checked before the kept homes are asked: a refused restaurant is a 400, never a home of its own.
      const restaurant = await checkedRestaurant(db, { locId: query.loc_id, speed: query.courier_type, restaurantLocId: query.vendor_location_id });
      if (!(await isServedLocation(db, query.loc_id))) return { code: -1, message: notServedMessage };
      const data = await cachedHomepage(db, query.loc_id, query.courier_type, restaurant);
      if (data.topproduct.length === 0) return { code: -1, message: 'No product available' };
      return { code: 1, data };
    });

    app.get('/connect/index/banners', async (request): Promise<BannersReply> => {
      parseWith(bannersQuery, request.query);
      return { code: 1, data: await banners(db) };
    });
  };
}
