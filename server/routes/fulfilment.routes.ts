import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  cancelOrderBody,
  consoleOrdersFilter,
  moveOrderBody,
  type ConsoleMeReply,
  type ConsoleOrdersReply,
  type MoveOrderBody,
  type MoveOrderReply,
  answerSubstitutionBody,
  substituteBody,
  type SubstitutionReply,
} from '../../src/api/contract/fulfilment.contract.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { sellerLocationIds } from '../services/accounts/store-users.ts';
import { listConsoleOrders } from '../services/fulfilment/console-orders.ts';
import { locationDays } from '../services/fulfilment/location-days.ts';
import { sellerScope, shopperScope, staffScope, type ConsoleScope } from '../services/fulfilment/console-scope.ts';
import { moveOrder, type MoveActor, type MoveOutcome } from '../services/fulfilment/order-transitions.ts';
import type { Caller } from '../services/platform/caller.ts';
import { answerSubstitution, proposeSubstitute } from '../services/fulfilment/substitution-moves.ts';
import type { SubstitutionOutcome } from '../services/fulfilment/substitutions.ts';

/**
 * The store's side (issue 24): the seller console (/api/seller/…, a seller's own locations' orders), the staff
 * console (/api/staff/…, every order) and the shopper's cancel. A caller of another role, like a seller asking for
 * another location's order, gets the 404 an unknown order gets: nothing tells the console exists or the order does.
 */
export function fulfilmentRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db } = deps;

  async function consoleCaller(request: FastifyRequest, role: 'seller' | 'staff'): Promise<{ caller: Caller; scope: ConsoleScope }> {
    const caller = await requireCaller(request, db);
    if (caller.role !== role) throw notFound();
    return { caller, scope: role === 'staff' ? staffScope : sellerScope(await sellerLocationIds(db, caller.customerId)) };
  }

  function answer(outcome: MoveOutcome, orderNumber: string): MoveOrderReply {
    if (outcome.kind === 'not-found') throw notFound('Order not found');
    if (outcome.kind === 'invalid') throw badRequest([{ field: outcome.field, message: outcome.message }]);
    if (outcome.kind === 'not-allowed') throw new HttpError(409, outcome.message, { code: -1, message: outcome.message });
    return { code: 1, data: { order_id: orderNumber, state: outcome.to } };
  }

  function substitutionAnswer(outcome: SubstitutionOutcome, orderNumber: string, itemId: number): SubstitutionReply {
    if (outcome.kind === 'not-found') throw notFound('Order not found');
    if (outcome.kind === 'invalid') throw badRequest([{ field: outcome.field, message: outcome.message }]);
    if (outcome.kind === 'conflict') throw new HttpError(409, outcome.message, { code: -1, message: outcome.message });
    return { code: 1, data: { order_id: orderNumber, item_id: itemId } };
  }

  function moveRequest(body: MoveOrderBody) {
    return {
      orderNumber: body.order_id.trim(),
      event: body.event,
      locId: body.loc_id,
      reason: body.reason ?? undefined,
      weights: body.weights?.map((w) => ({ itemId: w.item_id, grams: w.grams })),
      weightsConfirmed: body.weights_confirmed === true,
    };
  }

  return async (app) => {
    app.get('/api/console/me', async (request): Promise<ConsoleMeReply> => {
      const caller = await requireCaller(request, db);
      const me = await db.selectFrom('customers').select(['first_name', 'last_name']).where('id', '=', caller.customerId).executeTakeFirstOrThrow();
      const locIds = caller.role === 'seller' ? await sellerLocationIds(db, caller.customerId) : [];
      const locDays = await locationDays(db, locIds, deps.clock());
      return { code: 1, data: { role: caller.role, name: `${me.first_name} ${me.last_name}`.trim(), loc_ids: locIds, loc_days: locDays } };
    });

    for (const role of ['seller', 'staff'] as const) {
      app.get(`/api/${role}/orders`, async (request): Promise<ConsoleOrdersReply> => {
        const filter = parseWith(consoleOrdersFilter, request.query);
        const { scope } = await consoleCaller(request, role);
        return { code: 1, data: await listConsoleOrders(db, role, scope, filter, deps.clock()) };
      });
      app.post(`/api/${role}/orders/move`, async (request): Promise<MoveOrderReply> => {
        const body = parseWith(moveOrderBody, request.body);
        const { caller, scope } = await consoleCaller(request, role);
        const actor: MoveActor = { role, userId: caller.customerId, scope };
        const outcome = await moveOrder(deps, actor, moveRequest(body), deps.clock(), request.log);
        return answer(outcome, body.order_id.trim());
      });
      /** Decision 039: while picking, a substitute the shopper's preference allows, or the line marked out. */
      app.post(`/api/${role}/orders/substitute`, async (request): Promise<SubstitutionReply> => {
        const body = parseWith(substituteBody, request.body);
        if (body.product_id === undefined && body.out !== true)
          throw badRequest([{ field: 'product_id', message: 'Choose a substitute or mark the line out.' }]);
        const { caller, scope } = await consoleCaller(request, role);
        const orderNumber = body.order_id.trim();
        const outcome = await proposeSubstitute(
          deps,
          { role, scope, userId: caller.customerId },
          { orderNumber, itemId: body.item_id, productId: body.out === true ? undefined : body.product_id },
          deps.clock(),
          request.log,
        );
        return substitutionAnswer(outcome, orderNumber, body.item_id);
      });
    }

    /** The shopper approves or refuses a proposed substitute, until the order is packed. */
    app.post('/api/account/order/substitution', async (request): Promise<SubstitutionReply> => {
      const body = parseWith(answerSubstitutionBody, request.body);
      const caller = await requireCaller(request, db);
      const orderNumber = body.order_id.trim();
      const outcome = await answerSubstitution(
        deps,
        caller.customerId,
        { orderNumber, itemId: body.item_id, approve: body.approve },
        deps.clock(),
        request.log,
      );
      return substitutionAnswer(outcome, orderNumber, body.item_id);
    });

    /** The shopper cancels one of their own orders, until picking starts and the cutoff (src/rules/fulfilment.ts). */
    app.post('/api/account/order/cancel', async (request): Promise<MoveOrderReply> => {
      const body = parseWith(cancelOrderBody, request.body);
      const caller = await requireCaller(request, db);
      const actor: MoveActor = { role: 'shopper', userId: caller.customerId, scope: shopperScope };
      const request_ = { orderNumber: body.order_id.trim(), event: 'cancel' as const, reason: body.reason ?? undefined };
      return answer(await moveOrder(deps, actor, request_, deps.clock(), request.log), body.order_id.trim());
    });
  };
}
