import type { FastifyPluginAsync } from 'fastify';
import { deliveryAddressField, shippingBody, type ShippingReply } from '../../src/api/contract/shipping.contract.ts';
import { addressGoneMessage } from '../../src/rules/messages.ts';
import { normalizePincode } from '../../src/rules/pincode.ts';
import type { AppDeps } from '../deps.ts';
import { optionalCaller } from '../http/auth.ts';
import { notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { shippingOptions } from '../services/checkout/shipping-options.ts';

export function shippingRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db } = deps;
  return async (app) => {
    /** The delivery speed options for the caller's cart (a guest cart by its id; a customer's with their token). */
    app.post('/api/shipping', async (request): Promise<ShippingReply> => {
      const body = parseWith(shippingBody, request.body);
      const caller = await optionalCaller(request, db);
      const outcome = await shippingOptions(
        db,
        caller,
        {
          cartId: body.cart_id,
          addressId: body.delivery_address_id,
          zipcode: body.zipcode === undefined ? undefined : normalizePincode(body.zipcode),
          delivery: body.delivery ?? false,
          pickup: body.pickup ?? false,
          dineIn: body.dineinpickup ?? false,
        },
        deps.clock(),
      );
      if (outcome.kind === 'not-found') throw notFound(outcome.what, outcome.field);
      // Named by its field: the checkout goes back to the address step instead of retrying a cart that is fine.
      if (outcome.kind === 'address-gone') throw notFound(addressGoneMessage, deliveryAddressField);
      if (outcome.kind === 'refused') return { code: -1, message: outcome.message };
      return {
        code: 1,
        ...(outcome.message === undefined ? {} : { message: outcome.message }),
        data: { speed: outcome.speed, delivery_groups: outcome.groups, calendars: outcome.calendars },
      };
    });
  };
}
