import { create } from 'superstruct';
import { loginReply } from '../../src/api/contract/customer.contract.ts';
import { consoleOrdersReply, moveOrderReply } from '../../src/api/contract/fulfilment.contract.ts';
import { capacityDayReply } from '../../src/api/contract/seller-capacity.contract.ts';
import { addDays, storeToday } from '../../src/rules/delivery-dates.ts';
import type { FulfilmentEvent } from '../../src/rules/fulfilment.ts';
import { minutesOf } from '../../src/rules/slots.ts';
import { baseUrl, postJson, solvedCaptcha } from './journeys/shoppers.ts';
import { e2eSeller, e2eStaff } from './store-users.ts';

/** The store's side of an order in the shoppers' journeys, through the consoles' API (the consoles have journeys of their own). */

interface ConsoleUser {
  role: 'seller' | 'staff';
  email: string;
  password: string;
}

async function signIn(user: ConsoleUser): Promise<string> {
  const reply = create(
    await postJson('/api/customer/login', { email: user.email, password: user.password, altcha: await solvedCaptcha() }),
    loginReply,
  );
  if (reply.code !== 1 || !reply.result) throw new Error(`the e2e ${user.role} could not sign in: ${reply.message}`);
  return reply.result.api_token;
}

/**
 * Moves one order through the given events as a console user would: packing weighs each weighed line at its nominal
 * weight (the estimate, so the charge is the one the shopper saw); staff give a reason, as their console asks.
 */
async function moveOrderThrough(user: ConsoleUser, orderNumber: string, events: readonly FulfilmentEvent[]): Promise<void> {
  const token = await signIn(user);
  const listed = async (query: string) => {
    const response = await fetch(baseUrl(`/api/${user.role}/orders${query}`), { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`/api/${user.role}/orders${query} answered ${response.status}`);
    return create(await response.json(), consoleOrdersReply).data?.find((o) => o.order_number === orderNumber);
  };
  // The default list is today and the next two days; an order delivered later (a farm's day, or the day after a closed
  // Sunday) is asked for day by day from today.
  let order = await listed('');
  const today = storeToday(new Date());
  for (let day = -1; !order && day <= 21; day++) order = await listed(`?date=${addDays(today, day)}`);
  if (!order) throw new Error(`the e2e ${user.role} does not see order ${orderNumber}`);
  const weights = order.items.filter((i) => i.by_weight).map((i) => ({ item_id: i.id, grams: i.bottle_size * i.qty }));
  const reason = user.role === 'staff' ? { reason: 'Moved by the e2e journey' } : {};
  // A table is made ready on its day and served from its time, a pick-up collected and a delivery delivered on its day
  // (fulfilment.ts tableDayRefusal): this session's clock (test mode's /api/test/clock) moves on to the visit's time for those moves,
  // and back after.
  const shift = minutesToVisit(order);
  try {
    for (const event of events) {
      if (visitMoves.includes(event) && shift > 0) await postJson('/api/test/clock', { shift_minutes: shift }, token);
      const body = { order_id: orderNumber, event, ...reason, ...(event === 'pack' ? { weights } : {}) };
      const reply = create(await postJson(`/api/${user.role}/orders/move`, body, token), moveOrderReply);
      if (reply.code !== 1) throw new Error(`the e2e ${user.role} could not ${event} order ${orderNumber}: ${reply.message}`);
    }
  } finally {
    if (shift > 0) await postJson('/api/test/clock', { shift_minutes: 0 }, token);
  }
}

/** The moves that wait for a dine-in's or pick-up's visit, or a delivery's day. */
const visitMoves: readonly FulfilmentEvent[] = ['pack', 'serve', 'hand_over', 'deliver'];

/** Minutes from the restaurant's clock when the list was read to the visit's day and time; 0 when it has come. */
function minutesToVisit(order: {
  delivery_date: string | null;
  table_today?: string | undefined;
  table_time?: string | null | undefined;
  table_minutes?: number | undefined;
}): number {
  if (order.table_today === undefined || order.delivery_date === null) return 0;
  const days = daysBetween(order.table_today, order.delivery_date);
  const time = order.table_time ? minutesOf(order.table_time) - (order.table_minutes ?? 0) : 0;
  return Math.max(0, days * 24 * 60 + time);
}

/** Whole days from one date ('YYYY-MM-DD') to a later one; 0 when it is not later. */
export function daysBetween(from: string, to: string): number {
  return Math.max(0, Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000));
}

/** The local shop's seller accepts, picks, packs, dispatches and delivers a delivery order. */
export async function deliverThroughSeller(orderNumber: string): Promise<void> {
  await moveOrderThrough({ role: 'seller', ...e2eSeller }, orderNumber, ['accept', 'pick', 'pack', 'dispatch', 'deliver']);
}

/** The local shop's seller makes these moves on a delivery order, as its console would (packing at the estimate). */
export async function moveThroughSeller(orderNumber: string, events: readonly FulfilmentEvent[]): Promise<void> {
  await moveOrderThrough({ role: 'seller', ...e2eSeller }, orderNumber, events);
}

/**
 * The restaurant serves a dine-in order (staff move it, as the e2e seller answers only for local shops): a dine-in
 * order's portions reach the wallet only when served.
 */
export async function serveDineInOrder(orderNumber: string): Promise<void> {
  await moveOrderThrough({ role: 'staff', ...e2eStaff }, orderNumber, ['accept', 'pick', 'pack', 'serve']);
}

/** The restaurant hands a pick-up over at its counter (staff move it, as the e2e seller answers only for local shops). */
export async function handOverPickUp(orderNumber: string): Promise<void> {
  await moveOrderThrough({ role: 'staff', ...e2eStaff }, orderNumber, ['accept', 'pick', 'pack', 'ready', 'hand_over']);
}

/**
 * The local shop's seller closes (or reopens) a date from the console's day tools (QA walk 6: a day closed past its
 * cutoff), through the same API its Close day button calls.
 */
export async function setDayClosedAsSeller(locId: number, date: string, closed: boolean): Promise<void> {
  const token = await signIn({ role: 'seller', ...e2eSeller });
  const reply = await postJson('/api/seller/capacity/day', { loc_id: locId, date, closed }, token);
  if (typeof reply !== 'object' || reply === null || !('code' in reply) || reply.code !== 1) {
    throw new Error(`the e2e seller could not ${closed ? 'close' : 'reopen'} ${date}: ${JSON.stringify(reply)}`);
  }
}

/** Staff cancel an order (with their reason), as their console does: past the shopper's cutoff, only they may. */
export async function cancelThroughStaff(orderNumber: string): Promise<void> {
  await moveOrderThrough({ role: 'staff', ...e2eStaff }, orderNumber, ['cancel']);
}

/**
 * A console user sets a product's stock at one location from the console's day tools (the stock list's Save stock),
 * through the same API: the seller at her local shops (Same Day), staff at a restaurant (Pick-Up): a line sold out
 * while a shopper is in the checkout. Answers the stock it had, for the journey to set back.
 */
export async function setStockThroughConsole(
  role: 'seller' | 'staff',
  offer: { locId: number; productName: string; speed: 'local' | 'pickup' },
  stock: number,
): Promise<number> {
  const user: ConsoleUser = role === 'seller' ? { role, ...e2eSeller } : { role, ...e2eStaff };
  const token = await signIn(user);
  const query = `/api/${role}/capacity?loc_id=${offer.locId}&date=${storeToday(new Date())}`;
  const response = await fetch(baseUrl(query), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${query} answered ${response.status}`);
  const product = create(await response.json(), capacityDayReply).data?.products.find(
    (p) => p.product_name === offer.productName && p.speed === offer.speed,
  );
  if (!product) throw new Error(`no ${offer.speed} ${offer.productName} at ${offer.locId}`);
  const reply = await postJson(
    `/api/${role}/stock`,
    { offer_id: product.offer_id, stock, ...(role === 'staff' ? { reason: 'Sold out (e2e)' } : {}) },
    token,
  );
  if (typeof reply !== 'object' || reply === null || !('code' in reply) || reply.code !== 1) {
    throw new Error(`the e2e ${role} could not set the stock of ${offer.productName}: ${JSON.stringify(reply)}`);
  }
  return product.stock;
}
