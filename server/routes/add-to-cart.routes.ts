import type { FastifyPluginAsync } from 'fastify';
import { addToCartBody, type AddToCartReply } from '../../src/api/contract/add-to-cart.contract.ts';
import { cartNotFoundMessage } from '../../src/rules/messages.ts';
import { normalizePincode } from '../../src/rules/pincode.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { addToCart, addToCartMessages } from '../services/cart/add-to-cart.ts';

export function addToCartRoutes({ db }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /** The spec's reply is a bare list; its first item carries code, cart_id, total_products_in_cart and message. */
    app.post('/api/cart/addtocart', async (request): Promise<AddToCartReply> => {
      const body = parseWith(addToCartBody, request.body);
      const caller = await optionalCaller(request, db);
      const outcome = await addToCart(db, caller, {
        variantId: body.product_id,
        qty: body.qty,
        cartId: body.cart_id ?? undefined,
        zipcode: normalizePincode(body.zipcode),
        locId: body.loc_id,
        speed: body.speed_id,
        vendorLocId: body.vendor_loc_id ?? undefined,
      });
      switch (outcome.kind) {
        case 'cart-not-found':
          throw notFound(cartNotFoundMessage);
        case 'refused':
          return [
            outcome.cartId === undefined ? { code: -1, message: outcome.message } : { code: -1, message: outcome.message, cart_id: outcome.cartId },
          ];
        case 'added':
          return [{ code: 1, message: addToCartMessages.added, cart_id: outcome.cartId, total_products_in_cart: outcome.totalQty }];
      }
    });
  };
}
