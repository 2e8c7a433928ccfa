import { storeTimeZone } from './delivery-dates.ts';

// Built once: an Intl.DateTimeFormat costs far more to build than to use.
const momentFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: storeTimeZone,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * An instant (an order placed, a step of its timeline) in the store's time zone and named so: 'Nov 30, 2026, 5:49 AM
 * EST'. The slots and dates beside it are New York's; in the browser's zone the two read hours apart (a walk saw a
 * 10:49 AM order for a 10:00–12:00 slot that had been chosen at 5:49 AM New York time).
 */
export function storeMoment(iso: string | Date): string {
  return momentFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}
