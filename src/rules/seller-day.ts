import { formatUsDate } from './delivery-dates.ts';
import { isSpeedValue, speedName } from './speeds.ts';

/**
 * The seller's day panel (issue 24 item 3, decision 040): how its stock rows read and what its seats and stock fields
 * accept. The server checks the same bounds; these are the words the seller sees before anything is sent.
 */

/** A stock row's name: the product, its size and its speed in words ('Ground Beef 80/20, 1 lb · Same Day'). */
export function stockRowLabel(product: { product_name: string; size?: string | null | undefined; speed: string }): string {
  const size = product.size ? `, ${product.size}` : '';
  const speed = isSpeedValue(product.speed) ? speedName(product.speed) : product.speed;
  return `${product.product_name}${size} · ${speed}`;
}

/** The most a seats or stock field takes (six digits, as the server's bounds). */
export const dayEntryMax = 999_999;

export type DayEntry = { ok: true; value: number } | { ok: false; message: string };

/** A seats or stock field as typed: a whole number from 0, else a message naming the field ('Seats must be …'). */
export function dayEntry(text: string, field: 'Seats' | 'Stock'): DayEntry {
  const trimmed = text.trim();
  if (/^\d{1,6}$/.test(trimmed)) return { ok: true, value: Number(trimmed) };
  return { ok: false, message: `${field} must be a whole number from 0 to ${dayEntryMax.toLocaleString('en-US')}.` };
}

/**
 * Asked before closing a day: what closing does, and to the orders booked on it (how many) when there are any; when
 * some are already being prepared, that the day will not close until the store cancels them (closeDayRefusal).
 */
export function closeDayQuestion(orders: number, date: string, preparing = 0): string {
  if (orders === 0) return `Close ${formatUsDate(date)}? Shoppers can no longer choose that day until it is reopened.`;
  const booked = orders === 1 ? '1 order is' : `${orders} orders are`;
  if (preparing > 0) {
    const which = preparing === 1 ? (orders === 1 ? 'it is' : '1 of them is') : `${preparing} of them are`;
    const them = preparing === 1 ? 'it' : 'them';
    return `${booked} booked on ${formatUsDate(date)}, and ${which} already being prepared: the day cannot close until the store cancels ${them}.`;
  }
  return `${booked} booked on ${formatUsDate(date)}. Close the day anyway? Their shoppers will be mailed to choose another date or cancel, whatever the cutoff.`;
}

/**
 * Why a day cannot close yet: orders booked on it are already being prepared (picking started), which their shoppers
 * may no longer move or cancel (QA walk 6: such an order was stranded on the closed day, told to choose another date
 * it could not choose). The store cancels them (or they go ahead) first; the reply names them.
 */
export function closeDayRefusal(preparing: readonly string[], date: string): string {
  const numbers = preparing.map((n) => `#${n}`).join(', ');
  const which =
    preparing.length === 1 ? `1 order booked on ${formatUsDate(date)} is` : `${preparing.length} orders booked on ${formatUsDate(date)} are`;
  const [whose, them] = preparing.length === 1 ? ['its shopper', 'it'] : ['their shoppers', 'them'];
  return `${which} already being prepared (${numbers}): ${whose} can no longer move or cancel ${them}. The store must cancel ${them} before the day can close.`;
}
