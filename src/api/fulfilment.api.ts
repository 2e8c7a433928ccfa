import {
  consoleMeReply,
  consoleOrdersReply,
  moveOrderReply,
  type ConsoleMeReply,
  type ConsoleRole,
  type ConsoleOrdersFilter,
  type ConsoleOrdersReply,
  type MoveOrderBody,
  type MoveOrderReply,
  substitutionReply,
  type AnswerSubstitutionBody,
  type SubstituteBody,
  type SubstitutionReply,
} from './contract/fulfilment.contract.ts';
import { call, type Sent } from './http.ts';

export type { ConsoleRole } from './contract/fulfilment.contract.ts';

/** GET /api/console/me: the signed-in user's role and, for a seller, their locations. */
export function consoleMe(): Promise<ConsoleMeReply> {
  return call('/api/console/me', consoleMeReply);
}

/** GET /api/{seller|staff}/orders with the console's filters. */
export function consoleOrders(role: ConsoleRole, filter: Sent<ConsoleOrdersFilter>): Promise<ConsoleOrdersReply> {
  return call(`/api/${role}/orders`, consoleOrdersReply, {
    query: {
      date: filter.date,
      day: filter.day,
      state: filter.state,
      loc_id: filter.loc_id,
      late: filter.late === undefined ? undefined : String(filter.late),
    },
  });
}

/** POST /api/{seller|staff}/orders/move: one move of one order (reason, weights when the move needs them). */
export function moveOrder(role: ConsoleRole, body: Sent<MoveOrderBody>): Promise<MoveOrderReply> {
  return call(`/api/${role}/orders/move`, moveOrderReply, { method: 'POST', body: { ...body } });
}

/** POST /api/account/order/cancel: the shopper cancels one of their orders before the cutoff. */
export function cancelOrder(orderNumber: string): Promise<MoveOrderReply> {
  return call('/api/account/order/cancel', moveOrderReply, { method: 'POST', body: { order_id: orderNumber } });
}

/** POST /api/{seller|staff}/orders/substitute: a substitute for a line while picking, or the line marked out. */
export function proposeSubstitute(role: ConsoleRole, body: Sent<SubstituteBody>): Promise<SubstitutionReply> {
  return call(`/api/${role}/orders/substitute`, substitutionReply, { method: 'POST', body: { ...body } });
}

/** POST /api/account/order/substitution: the shopper approves or refuses a proposed substitute. */
export function answerSubstitution(body: Sent<AnswerSubstitutionBody>): Promise<SubstitutionReply> {
  return call('/api/account/order/substitution', substitutionReply, { method: 'POST', body: { ...body } });
}
