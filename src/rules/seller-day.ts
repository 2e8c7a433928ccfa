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

/** Asked before closing a day: what closing does, and to the orders booked on it (how many) when there are any. */
export function closeDayQuestion(orders: number, date: string): string {
  if (orders === 0) return `Close ${formatUsDate(date)}? Shoppers can no longer choose that day until it is reopened.`;
  const booked = orders === 1 ? '1 order is' : `${orders} orders are`;
  return `${booked} booked on ${formatUsDate(date)}. Close the day anyway? Their shoppers will be asked by mail to choose another date.`;
}
