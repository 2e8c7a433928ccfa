import type { FastifyPluginAsync } from 'fastify';
import { moveAreaBody, type MoveAreaReply } from '../../src/api/contract/cart-area.contract.ts';
import { clearCartQuery, type ClearCartReply } from '../../src/api/contract/cart.contract.ts';
import { cartNotFoundMessage } from '../../src/rules/messages.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { clearCart } from '../services/cart/carts.ts';
import { moveCartToArea } from '../services/cart/cart-area.ts';
import { notServedMessage, servedAreas } from '../services/catalogue/catalogue-cache.ts';

export function cartRoutes({ db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/cart/clearCart', async (request): Promise<ClearCartReply> => {
      const query = parseWith(clearCartQuery, request.query);
      const caller = await optionalCaller(request, db);
      if (!(await clearCart(db, query.quote_id, caller))) throw notFound(cartNotFoundMessage);
      return { code: 1, message: 'Cart cleared', data: {} };
    });

    // Issue 23: a new pincode or delivery option asks first; the server says which lines it can still sell.
    app.post('/api/cart/movearea', async (request): Promise<MoveAreaReply> => {
      const body = parseWith(moveAreaBody, request.body);
      const caller = await optionalCaller(request, db);
      const outcome = await moveCartToArea(db, caller, {
        cartId: body.cart_id,
        zipcode: body.zipcode,
        courierType: body.courier_type,
        restaurantLocId: body.vendor_location_id,
        served: await servedAreas(db),
        apply: body.apply === 1,
        keepOld: body.keep_old === 1,
      });
      if (outcome.kind === 'cart-not-found') throw notFound(cartNotFoundMessage);
      if (outcome.kind === 'not-served') throw badRequest([{ field: 'zipcode', message: notServedMessage }]);
      if (outcome.kind === 'restaurant-refused') throw badRequest([outcome.refusal]);
      return { code: 1, data: outcome.data };
    });
  };
}
