import { rescheduleOptionsReply, rescheduleReply, type RescheduleOptionsReply, type RescheduleReply } from './contract/reschedule.contract.ts';
import { capacityDayReply, type CapacityDayReply } from './contract/seller-capacity.contract.ts';
import { codeAndMessage } from './contract/envelope.ts';
import type { ConsoleRole } from './contract/fulfilment.contract.ts';
import { call } from './http.ts';

/**
 * GET /api/account/order/reschedule: where the order may move, and the slots of `date` (default: its own date); of
 * several sellers' deliveries, `locId`'s (default: the first).
 */
export function rescheduleOptions(orderNumber: string, date?: string, locId?: number): Promise<RescheduleOptionsReply> {
  const vendor = locId === undefined ? {} : { vendor_loc_id: String(locId) };
  return call('/api/account/order/reschedule', rescheduleOptionsReply, { query: { order_id: orderNumber, date, ...vendor } });
}

/** POST /api/account/order/reschedule: moves the delivery (of several, `locId`'s) to the date and (Same Day) slot. */
export function rescheduleOrder(orderNumber: string, date: string, slotId: number | null, locId?: number): Promise<RescheduleReply> {
  return call('/api/account/order/reschedule', rescheduleReply, {
    method: 'POST',
    body: { order_id: orderNumber, delivery_date: date, slot_id: slotId, ...(locId === undefined ? {} : { vendor_loc_id: locId }) },
  });
}

/** GET /api/{seller|staff}/capacity: one location's day (closed or not, each slot's seats, the products' stock). */
export function capacityDay(role: ConsoleRole, locId: number, date: string): Promise<CapacityDayReply> {
  return call(`/api/${role}/capacity`, capacityDayReply, { query: { loc_id: String(locId), date } });
}

/** The console's writes: close or reopen a day, a slot's seats, an offer's stock. */
/** Why (decision 044): staff must say, a seller may. */
type Reasoned = { reason?: string | undefined };

export type CapacityChange =
  | ({ kind: 'day'; locId: number; date: string; closed: boolean } & Reasoned)
  | ({ kind: 'seats'; locId: number; date: string; slotId: number; seats: number } & Reasoned)
  | ({ kind: 'stock'; offerId: number; stock: number } & Reasoned);

export function changeCapacity(role: ConsoleRole, change: CapacityChange) {
  const reason = change.reason === undefined ? {} : { reason: change.reason };
  if (change.kind === 'day') {
    return call(`/api/${role}/capacity/day`, codeAndMessage, {
      method: 'POST',
      body: { loc_id: change.locId, date: change.date, closed: change.closed, ...reason },
    });
  }
  if (change.kind === 'seats') {
    return call(`/api/${role}/capacity/slot`, codeAndMessage, {
      method: 'POST',
      body: { loc_id: change.locId, date: change.date, slot_id: change.slotId, seats: change.seats, ...reason },
    });
  }
  return call(`/api/${role}/stock`, codeAndMessage, { method: 'POST', body: { offer_id: change.offerId, stock: change.stock, ...reason } });
}
