import { speedIds, type SpeedId } from './delivery-speeds.ts';
import { dateAndSlot, visitBookedText } from './order-change.ts';
import type { SlotTimes } from './slots.ts';
import { formatSlot, parseDineinTime, timeLabel } from './visit-time.ts';

/** What a vendor group of the cart says about its booking (the order review's groups; rules import no contract). */
export interface BookedGroup {
  vendor_loc_id: number;
  vendor_name: string;
  delivery_date: string | null;
  timeslot: SlotTimes | null;
  wallet?: boolean | undefined;
  dinein_time?: string | null | undefined;
}

/** What place order will book, as the checkout flow holds it: the speed, the restaurant, the visit and the sellers' dates. */
export interface OrderToBook {
  speedId: SpeedId | undefined;
  /** The restaurant place order names (selectedRetailerID). */
  retailerId: number | undefined;
  /** The visit place order sends (pickup_date), 'YYYY-MM-DD HH:MM'. */
  visitAt: string | undefined;
  /** Order review's groups: each seller's kept date and slot, and a wallet group's kept table. */
  groups: readonly BookedGroup[];
}

function visitLine(speed: 'pickup' | 'dine-in', vendorName: string, visitAt: string | null | undefined): string | undefined {
  const visit = parseDineinTime(visitAt ?? undefined);
  return visit && visitBookedText({ speed, vendor_name: vendorName, date: visit.date, time: timeLabel(visit.time) });
}

/**
 * The Order Summary's lines naming what is booked (walk 7 #6: only the header said where and when), in the change
 * panel's words: 'Table at Gramercy Chop House on 12/03/2026, 7:00 PM', 'Pick-up at … on …', a delivery's 'Delivery on
 * 12/01/2026, 12:00 PM–2:00 PM' ('Delivery from {seller} on …' of several sellers), a wallet redemption's table. Read from
 * what place order sends, so the summary cannot name another restaurant or time than the order gets.
 */
export function bookedLines(order: OrderToBook): string[] {
  if (order.speedId === speedIds.dineIn || order.speedId === speedIds.storePickup) {
    // A cart of wallet redemptions names no restaurant (the server takes the cart's): its wallet group is the table,
    // its kept time the visit when the flow holds none (QA walk 9 S3: the redemption's summary named no table).
    const restaurant =
      order.groups.find((g) => g.vendor_loc_id === order.retailerId) ??
      (order.retailerId === undefined ? order.groups.find((g) => g.wallet === true) : undefined);
    const visitAt = order.visitAt ?? restaurant?.dinein_time;
    const line = restaurant && visitLine(order.speedId === speedIds.dineIn ? 'dine-in' : 'pickup', restaurant.vendor_name, visitAt);
    return line ? [line] : [];
  }
  const deliveries = order.groups.filter((g) => g.wallet !== true);
  const lines: string[] = [];
  for (const group of order.groups) {
    if (group.wallet === true) {
      const table = visitLine('dine-in', group.vendor_name, group.dinein_time);
      if (table) lines.push(table);
    } else if (group.delivery_date) {
      const when = dateAndSlot(group.delivery_date, group.timeslot ? formatSlot(group.timeslot) : null);
      lines.push(deliveries.length > 1 ? `Delivery from ${group.vendor_name} on ${when}` : `Delivery on ${when}`);
    }
  }
  return lines;
}
