import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { NextDeliveryDateEntry } from '../../../src/api/contract/cart-page.contract.ts';
import {
  addDays,
  closedDates,
  cutoffInstant,
  formatUsDate,
  isPastCutoff,
  nextDeliveryDate,
  storeToday,
  weekdayOf,
  type VendorCalendar,
} from '../../../src/rules/delivery-dates.ts';
import type { SpeedValue } from '../../../src/rules/speeds.ts';
import type { Database } from '../../db/schema.ts';
import { isTiedToDatabase } from '../platform/catalogue-changes.ts';
import { cacheBudgets } from '../platform/cache-budgets.ts';
import { keptPerDatabase } from '../platform/kept-until-changed.ts';
import { vendorShownName } from '../catalogue/partner-restaurants.ts';

/** How far ahead the date picker looks (and the holidays list reaches). */
export const calendarDays = 60;

export interface VendorCalendarInfo {
  vendorId: number;
  vendorName: string;
  calendar: VendorCalendar;
  holidayNames: ReadonlyMap<string, string>;
}

/** Each database's kept calendars (decision 078), dropped on migration 035's and 029's notices. */
// A calendar changes a few times a year: ten minutes is only the guard against a notice never heard.
const keptCalendars = keptPerDatabase<number, VendorCalendarInfo>('calendar', { maxAgeMs: 600_000, maxBytes: cacheBudgets.vendorCalendars });

/**
 * The delivery calendars of the given vendors; unknown ids are simply absent from the map. Kept per database
 * (decision 078); those not kept are read in one statement (the closed days, holidays and delivery days as JSON
 * arrays beside each vendor). A transaction not opened with tiedTransaction reads them all.
 */
export async function vendorCalendars(db: Kysely<Database>, vendorIds: readonly number[]): Promise<Map<number, VendorCalendarInfo>> {
  const out = new Map<number, VendorCalendarInfo>();
  const kept = db.isTransaction && !isTiedToDatabase(db) ? undefined : keptCalendars(db);
  const missing: number[] = [];
  for (const id of new Set(vendorIds)) {
    const info = kept?.get(id);
    if (info) out.set(id, info);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const generation = kept?.generation ?? 0;
  for (const info of await readVendorCalendars(db, missing)) {
    out.set(info.vendorId, info);
    kept?.store(generation, info.vendorId, info);
  }
  return out;
}

/** The calendars as the database holds them now, one statement. */
async function readVendorCalendars(db: Kysely<Database>, ids: readonly number[]): Promise<VendorCalendarInfo[]> {
  const vendors = await db
    .selectFrom('vendors')
    .select((eb) => [
      'vendors.id',
      // The name the cart and checkout give its shop (a closed day reads 'Hudson Street Butchers — West Village is …').
      vendorShownName().as('name'),
      jsonArrayFrom(eb.selectFrom('vendor_closed_days').select('weekday').whereRef('vendor_closed_days.vendor_id', '=', 'vendors.id')).as('closed'),
      jsonArrayFrom(
        eb.selectFrom('vendor_holidays').select(['date', 'name']).whereRef('vendor_holidays.vendor_id', '=', 'vendors.id').orderBy('date'),
      ).as('holidays'),
      jsonArrayFrom(eb.selectFrom('vendor_delivery_days').select('weekday').whereRef('vendor_delivery_days.vendor_id', '=', 'vendors.id')).as(
        'delivery',
      ),
    ])
    .where('vendors.id', 'in', ids)
    .execute();
  return vendors.map((vendor) => {
    const delivery = vendor.delivery.map((d) => d.weekday);
    return {
      vendorId: vendor.id,
      vendorName: vendor.name,
      calendar: {
        closedWeekdays: vendor.closed.map((c) => c.weekday),
        holidays: vendor.holidays.map((h) => h.date),
        // No rows means "every day the vendor is open", not "never".
        deliveryWeekdays: delivery.length > 0 ? delivery : undefined,
      },
      holidayNames: new Map(vendor.holidays.map((h) => [h.date, h.name])),
    };
  });
}

const weekdayNames = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

function listWeekdays(days: readonly number[]): string {
  const names = [...days].sort((a, b) => a - b).map((d) => weekdayNames[d] ?? '');
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

export const dateMessages = {
  noDate: (vendor: string) => `${vendor} has no delivery date in the next ${calendarDays} days.`,
  tooEarly: (vendor: string, earliest: string) => `The earliest delivery date for ${vendor} is ${formatUsDate(earliest)}.`,
  holiday: (vendor: string, iso: string, name: string) => `${vendor} is closed on ${formatUsDate(iso)} (${name}).`,
  // Closed, in those words: a closed day must never read as a full one (issue 23).
  closedDay: (vendor: string, weekday: number) => `${vendor} is closed on ${weekdayNames[weekday] ?? 'that day'}.`,
  deliveryDays: (vendor: string, days: readonly number[]) => `${vendor} delivers only on ${listWeekdays(days)}.`,
  tooFar: (vendor: string) => `${vendor} takes delivery dates up to ${calendarDays} days ahead.`,
} as const;

/** Why the vendor's calendar closes iso (a holiday, a closed weekday, not a delivery day), or undefined when open. */
export function closedDayReason(iso: string, info: VendorCalendarInfo): string | undefined {
  const holiday = info.holidayNames.get(iso);
  if (holiday !== undefined) return dateMessages.holiday(info.vendorName, iso, holiday);
  const weekday = weekdayOf(iso);
  if (info.calendar.closedWeekdays.includes(weekday)) return dateMessages.closedDay(info.vendorName, weekday);
  const only = info.calendar.deliveryWeekdays;
  if (only && !only.includes(weekday)) return dateMessages.deliveryDays(info.vendorName, only);
  return undefined;
}

/** Why the vendor cannot deliver at this speed on iso (given "now"), or undefined when it can. */
export function deliveryDateRefusal(iso: string, speed: SpeedValue, info: VendorCalendarInfo, now: Date): string | undefined {
  const earliest = nextDeliveryDate(now, speed, info.calendar);
  if (earliest === undefined) return dateMessages.noDate(info.vendorName);
  if (iso < earliest) return dateMessages.tooEarly(info.vendorName, earliest);
  const closed = closedDayReason(iso, info);
  if (closed !== undefined) return closed;
  // The picker shows 60 days; a date far beyond would hold a slot or promise a calendar nobody has checked.
  if (iso > addDays(storeToday(now), calendarDays)) return dateMessages.tooFar(info.vendorName);
  return undefined;
}

/** A vendor, or one of its shops (the delivery options page knows only the area shop's location id). */
export type DeliveryDateRequest = { vendorId: number; speed: SpeedValue } | { locId: number; speed: SpeedValue };

/** The vendors of the given shop locations; unknown ids are absent. */
async function vendorsOfLocations(db: Kysely<Database>, locIds: readonly number[]): Promise<Map<number, number>> {
  if (locIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('vendor_locations')
    .select(['id', 'vendor_id'])
    .where('id', 'in', [...new Set(locIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.vendor_id]));
}

interface ClosedDaysAhead {
  holidays: readonly string[];
  closed: readonly { date: string; reason: string }[];
}

/** At most this many calendars' next 60 days are kept; past it the memo starts again (a day's worth is a few vendors). */
const closedDaysKept = 500;
const closedDaysMemo = new Map<string, ClosedDaysAhead>();

/**
 * The vendor's closed days over the next 60 days from today, each with its reason. Walking 60 dates (a Date parsed and
 * formatted for each) was ≈ 2 % of a checkout's server CPU (decision 072), and the answer depends only on today and
 * the calendar as read: it is kept per both, the calendar's whole content in the key, so an edited calendar is a new
 * entry and never a stale one.
 */
function closedDaysAhead(today: string, info: VendorCalendarInfo): ClosedDaysAhead {
  const { closedWeekdays, holidays, deliveryWeekdays } = info.calendar;
  const key = JSON.stringify([today, info.vendorName, closedWeekdays, holidays, deliveryWeekdays ?? null, [...info.holidayNames]]);
  const kept = closedDaysMemo.get(key);
  if (kept) return kept;
  const dates = closedDates(today, calendarDays, info.calendar);
  const found: ClosedDaysAhead = {
    holidays: dates,
    closed: dates.map((iso) => ({ date: iso, reason: closedDayReason(iso, info) ?? dateMessages.closedDay(info.vendorName, weekdayOf(iso)) })),
  };
  if (closedDaysMemo.size >= closedDaysKept) closedDaysMemo.clear();
  closedDaysMemo.set(key, found);
  return found;
}

/**
 * The spec's next delivery date call: per vendor (or shop location) and speed, the earliest date after today's 3 pm
 * cutoff, the dates the vendor does not deliver over the next 60 days (each with its reason, so a picker can say
 * closed rather than full, issue 23), and the cutoff while it is still ahead. Unknown vendors and locations (and
 * vendors with no date in 60 days) are left out.
 */
export async function nextDeliveryDates(db: Kysely<Database>, requests: readonly DeliveryDateRequest[], now: Date): Promise<NextDeliveryDateEntry[]> {
  const shops = await vendorsOfLocations(
    db,
    requests.flatMap((r) => ('locId' in r ? [r.locId] : [])),
  );
  const vendorOf = (r: DeliveryDateRequest) => ('locId' in r ? shops.get(r.locId) : r.vendorId);
  const calendars = await vendorCalendars(
    db,
    requests.flatMap((r) => vendorOf(r) ?? []),
  );
  const today = storeToday(now);
  const cutoff = isPastCutoff(now) ? null : cutoffInstant(now).toISOString();
  const entries: NextDeliveryDateEntry[] = [];
  for (const request of requests) {
    const info = calendars.get(vendorOf(request) ?? 0);
    if (!info) continue;
    const date = nextDeliveryDate(now, request.speed, info.calendar);
    if (date === undefined) continue;
    const { holidays, closed } = closedDaysAhead(today, info);
    entries.push({
      vendor_id: info.vendorId,
      ...('locId' in request ? { vendor_loc_id: request.locId } : {}),
      delivery_type: request.speed,
      delivery_date: date,
      holidays: [...holidays],
      closed: closed.map((day) => ({ ...day })),
      cutoff,
    });
  }
  return entries;
}
