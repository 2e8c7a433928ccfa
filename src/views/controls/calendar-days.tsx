import { useMemo, type JSX } from 'react';
import { DayButton, type DayButtonProps, type Matcher } from 'react-day-picker';

/** What the store's date pickers (cart, speed step, order change, delivery options) share about react-day-picker. */

/** 'YYYY-MM-DD' as a local calendar day (DayPicker works in the browser's time zone; only the day matters). */
export function dayOf(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

export function isoOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The days a picker disables: before its first day, after its last (when it has one), and the closed ones. */
export function disabledDays(minDate: string, maxDate: string | undefined, closed: readonly string[]): Matcher[] {
  return [{ before: dayOf(minDate) }, ...(maxDate === undefined ? [] : [{ after: dayOf(maxDate) }]), ...closed.map(dayOf)];
}

/**
 * A day button whose tooltip says why the day is closed ('… is closed on Sundays.'), so a struck-out day is never
 * mistaken for a full one (issue 23). Memoised on the reasons: a new component each render would remount the days.
 */
export function useClosedDayButton(closed: readonly { date: string; reason: string }[]): (props: DayButtonProps) => JSX.Element {
  const key = JSON.stringify(closed);
  return useMemo(() => {
    const reasons = new Map(closed.map((c) => [c.date, c.reason]));
    return function ClosedDayButton(props: DayButtonProps) {
      return <DayButton {...props} title={reasons.get(isoOf(props.day.date)) ?? props.title} />;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reasons by value: a fresh array with the same days is the same button
  }, [key]);
}
