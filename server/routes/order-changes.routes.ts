import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  rescheduleBody,
  rescheduleOptionsQuery,
  type RescheduleOptionsReply,
  type RescheduleReply,
} from '../../src/api/contract/reschedule.contract.ts';
import {
  capacityQuery,
  closeDayBody,
  offerStockBody,
  slotSeatsBody,
  type CapacityDayReply,
} from '../../src/api/contract/seller-capacity.contract.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { parseWith } from '../http/validate.ts';
import { sellerLocationIds } from '../services/accounts/store-users.ts';
import { sellerScope, staffScope, type ConsoleScope } from '../services/fulfilment/console-scope.ts';
import { rescheduleOptions, rescheduleOrder } from '../services/fulfilment/reschedule.ts';
import {
  capacityDay,
  capacityMessages,
  maxReasonLength,
  setDayClosed,
  setOfferStock,
  setSlotSeats,
  type CapacityActor,
  type CapacityOutcome,
} from '../services/fulfilment/seller-capacity.ts';

/**
 * Issue 24 items 3 and 6: the shopper's reschedule (/api/account/order/reschedule) and the seller's day in the console
 * (/api/seller/capacity…, /api/seller/stock; staff the same under /api/staff for every location). The answers follow
 * fulfilment.routes.ts: bad input 400 naming the field, someone else's order or location 404, a move the rules refuse
 * now (past the cutoff, a full slot, a closed day) 409 with the reason.
 */
export function orderChangesRoutes(deps: AppDeps): FastifyPluginAsync {
  const { db } = deps;

  async function consoleScope(request: FastifyRequest, role: 'seller' | 'staff'): Promise<{ userId: number; scope: ConsoleScope }> {
    const caller = await requireCaller(request, db);
    if (caller.role !== role) throw notFound();
    return {
      userId: caller.customerId,
      scope: role === 'staff' ? staffScope : sellerScope(await sellerLocationIds(db, caller.customerId)),
    };
  }

  function conflict(message: string): HttpError {
    return new HttpError(409, message, { code: -1, message });
  }

  /** Staff say why they change a seller's day (decision 044): 400 on reason without one; a seller's is optional. */
  function capacityActor(role: 'seller' | 'staff', userId: number, reason: string | null | undefined): CapacityActor {
    const said = reason?.trim() ?? '';
    if (said.length > maxReasonLength) throw badRequest([{ field: 'reason', message: `reason must be at most ${maxReasonLength} characters.` }]);
    if (role === 'staff' && said === '') throw badRequest([{ field: 'reason', message: capacityMessages.reasonRequired }]);
    return { userId, role, reason: said === '' ? null : said };
  }

  function done(outcome: CapacityOutcome<null>): { code: 1 } {
    if (outcome.kind === 'not-found') throw notFound();
    if (outcome.kind === 'refused') throw conflict(outcome.message);
    return { code: 1 };
  }

  return async (app) => {
    app.get('/api/account/order/reschedule', async (request): Promise<RescheduleOptionsReply> => {
      const query = parseWith(rescheduleOptionsQuery, request.query);
      const caller = await requireCaller(request, db);
      const options = await rescheduleOptions(
        db,
        { customerId: caller.customerId, orderNumber: query.order_id.trim(), locId: query.vendor_loc_id, date: query.date },
        deps.clock(),
      );
      if (!options) throw notFound('Order not found');
      return { code: 1, data: options };
    });

    app.post('/api/account/order/reschedule', async (request): Promise<RescheduleReply> => {
      const body = parseWith(rescheduleBody, request.body);
      const caller = await requireCaller(request, db);
      const orderNumber = body.order_id.trim();
      const outcome = await rescheduleOrder(
        deps,
        { customerId: caller.customerId, orderNumber, locId: body.vendor_loc_id, date: body.delivery_date, slotId: body.slot_id ?? null },
        deps.clock(),
        request.log,
      );
      if (outcome.kind === 'not-found') throw notFound('Order not found');
      if (outcome.kind === 'invalid') throw badRequest([{ field: outcome.field, message: outcome.message }]);
      if (outcome.kind === 'refused') throw conflict(outcome.message);
      return {
        code: 1,
        data: {
          order_id: orderNumber,
          delivery_date: outcome.deliveryDate,
          time_slot: outcome.timeSlot,
          vendor_loc_id: outcome.locId,
          vendor_name: outcome.vendorName,
        },
      };
    });

    for (const role of ['seller', 'staff'] as const) {
      app.get(`/api/${role}/capacity`, async (request): Promise<CapacityDayReply> => {
        const query = parseWith(capacityQuery, request.query);
        const { scope } = await consoleScope(request, role);
        const day = await capacityDay(db, scope, query.loc_id, query.date, deps.clock());
        if (!day) throw notFound();
        return { code: 1, data: day };
      });
      app.post(`/api/${role}/capacity/day`, async (request) => {
        const body = parseWith(closeDayBody, request.body);
        const { userId, scope } = await consoleScope(request, role);
        const actor = capacityActor(role, userId, body.reason);
        const mailing = { mail: deps.mail, appOrigin: deps.config.appOrigin, now: deps.clock() };
        return done(await setDayClosed(db, scope, actor, { locId: body.loc_id, date: body.date, closed: body.closed }, mailing));
      });
      app.post(`/api/${role}/capacity/slot`, async (request) => {
        const body = parseWith(slotSeatsBody, request.body);
        const { userId, scope } = await consoleScope(request, role);
        const actor = capacityActor(role, userId, body.reason);
        return done(await setSlotSeats(db, scope, actor, { locId: body.loc_id, date: body.date, slotId: body.slot_id, seats: body.seats }));
      });
      app.post(`/api/${role}/stock`, async (request) => {
        const body = parseWith(offerStockBody, request.body);
        const { userId, scope } = await consoleScope(request, role);
        const actor = capacityActor(role, userId, body.reason);
        return done(await setOfferStock(db, scope, actor, { offerId: body.offer_id, stock: body.stock }));
      });
    }
  };
}
