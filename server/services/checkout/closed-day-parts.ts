import type { Kysely } from 'kysely';
import type { CutoffPart, FulfilmentState } from '../../../src/rules/fulfilment.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The ids of the parts booked on a day their seller (or the store) closed: a vendor_holidays row for the part's
 * vendor on its date (fulfilment/seller-capacity.ts setDayClosed). Such a part holds no change cutoff
 * (src/rules/fulfilment.ts changeCutoff): the reschedule, the shopper's cancel and the order page's can_cancel read
 * the same rows.
 */
export async function closedDayPartIds(db: Kysely<Database>, parts: readonly { id: number }[]): Promise<ReadonlySet<number>> {
  const partIds = parts.map((p) => p.id);
  if (partIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('order_deliverables as d')
    .innerJoin('vendor_locations as l', 'l.id', 'd.loc_id')
    .innerJoin('vendor_holidays as h', (join) => join.onRef('h.vendor_id', '=', 'l.vendor_id').onRef('h.date', '=', 'd.delivery_date'))
    .select('d.id')
    .where('d.id', 'in', partIds)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Each part as the change cutoff reads it (changeCutoff's CutoffPart). */
export function cutoffParts<P extends { id: number; delivery_date: string | null; fulfilment_state: FulfilmentState }>(
  parts: readonly P[],
  closed: ReadonlySet<number>,
): CutoffPart[] {
  return parts.map(cutoffPart(closed));
}

/** One part as the change cutoff reads it: its date, whether its seller closed that day, and its own step. */
export function cutoffPart(closed: ReadonlySet<number>) {
  return (p: { id: number; delivery_date: string | null; fulfilment_state: FulfilmentState }): CutoffPart => ({
    delivery_date: p.delivery_date,
    day_closed: closed.has(p.id),
    state: p.fulfilment_state,
  });
}
