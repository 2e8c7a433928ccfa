import type { FastifyPluginAsync } from 'fastify';
import { clearCartQuery, type ClearCartReply } from '../../src/api/contract/cart.contract.ts';
import { cartNotFoundMessage } from '../../src/rules/messages.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { clearCart } from '../services/cart/carts.ts';

export function cartRoutes({ db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/cart/clearCart', async (request): Promise<ClearCartReply> => {
      const query = parseWith(clearCartQuery, request.query);
      const caller = await optionalCaller(request, db);
      if (!(await clearCart(db, query.quote_id, caller))) throw notFound(cartNotFoundMessage);
      return { code: 1, message: 'Cart cleared', data: {} };
    });
  };
}
