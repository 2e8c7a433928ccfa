import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  walletAddToCartBody,
  walletIndexBody,
  walletProductsBody,
  walletVendorsBody,
  walletVisitBody,
  type WalletAddToCartReply,
  type WalletIndexReply,
  type WalletProductsReply,
  type WalletVendorsReply,
  type WalletVisitReply,
} from '../../src/api/contract/wallet.contract.ts';
import { normalizePincode } from '../../src/rules/pincode.ts';
import { parseDineinTime } from '../../src/rules/visit-time.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import type { Caller } from '../services/platform/caller.ts';
import { chooseWalletVisit, walletAddToCart, walletCartMessages } from '../services/wallet/wallet-cart.ts';
import { walletEntries, walletProducts, walletRetailers } from '../services/wallet/wallet-reads.ts';

/** customer_id in a wallet call must be the caller's own: anyone else's wallet reads as not found. */
function ownWallet(caller: Caller, customerId: number): void {
  if (caller.customerId !== customerId) throw notFound('Wallet not found');
}

/** The prepaid wallet: the Dine-In panel's rows, where to redeem, what to redeem there, and the redemption's cart line. */
export function walletRoutes({ db, clock }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /** The spec leaves the method open: both are served (GET reads the query). */
    const walletIndex = async (request: FastifyRequest): Promise<WalletIndexReply> => {
      const body = parseWith(walletIndexBody, request.method === 'GET' ? request.query : request.body);
      const caller = await requireCaller(request, db);
      ownWallet(caller, body.customer_id);
      return { code: 1, data: await walletEntries(db, caller.customerId) };
    };
    app.get('/wallet/wallet/index', walletIndex);
    app.post('/wallet/wallet/index', walletIndex);

    app.post('/api/vendorsbyproduct/applyproducts', async (request): Promise<WalletVendorsReply> => {
      const body = parseWith(walletVendorsBody, request.body);
      const caller = await requireCaller(request, db);
      ownWallet(caller, body.customer_id);
      return { code: 1, data: await walletRetailers(db, caller.customerId, body.state, body.price_category) };
    });

    app.post('/api/walletproductlst/walletProducts', async (request): Promise<WalletProductsReply> => {
      const body = parseWith(walletProductsBody, request.body);
      const caller = await requireCaller(request, db);
      ownWallet(caller, body.customer_id);
      const products = await walletProducts(db, caller.customerId, body.vendor_id);
      if (!products) throw notFound(walletCartMessages.restaurantNotFound);
      return { code: 1, data: products };
    });

    /** The spec's reply is a bare list whose first item carries code and cart_id (like add to cart). */
    app.post('/wallet/wallet/walletAddToCart', async (request): Promise<WalletAddToCartReply> => {
      const body = parseWith(walletAddToCartBody, request.body);
      const caller = await requireCaller(request, db);
      const outcome = await walletAddToCart(db, caller, {
        cartId: body.cart_id ?? undefined,
        zipcode: normalizePincode(body.zipcode),
        variantId: body.product_id,
        size: body.size,
        restaurantLocId: body.vendor_loc_id,
        orderNumber: body.pastorderid,
        visitAt: parseDineinTime(body.dinein_time),
      });
      switch (outcome.kind) {
        case 'not-found':
          throw notFound(outcome.what);
        case 'refused':
          return [
            outcome.cartId === undefined ? { code: -1, message: outcome.message } : { code: -1, message: outcome.message, cart_id: outcome.cartId },
          ];
        case 'added':
          return [{ code: 1, message: walletCartMessages.added, cart_id: outcome.cartId, total_products_in_cart: outcome.totalQty }];
      }
    });

    /** The cart's wallet group chooses its visit (walk 5 #1: lines redeemed before the cart kept one). */
    app.post('/wallet/wallet/walletVisit', async (request): Promise<WalletVisitReply> => {
      const body = parseWith(walletVisitBody, request.body);
      const caller = await requireCaller(request, db);
      const visitAt = parseDineinTime(body.dinein_time);
      if (!visitAt) throw badRequest([{ field: 'dinein_time', message: 'dinein_time must be YYYY-MM-DD HH:MM.' }]);
      const outcome = await chooseWalletVisit(db, caller, { cartId: body.cart_id, restaurantLocId: body.vendor_loc_id, visitAt }, clock());
      if (outcome.kind === 'not-found') throw notFound(outcome.what);
      if (outcome.kind === 'refused') throw badRequest([{ field: 'dinein_time', message: outcome.message }]);
      return { code: 1, message: walletCartMessages.visitKept };
    });
  };
}
