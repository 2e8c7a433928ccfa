import { timeLabel } from '../../rules/visit-time.ts';
import { DropdownSelect } from './dropdown-select.tsx';
import * as css from './visit-date-time.css.ts';

interface VisitDateTimeProps {
  today: string;
  date: string;
  time: string;
  /** The times the chosen restaurant seats guests on `date` (the machine's walletTimesShown). */
  times: readonly string[];
  /** Whether to say that nothing is left on this date rather than ask for a choice. */
  noTimeLeft: boolean;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  /** Refused without it (the cart's CHECKOUT): the date is marked, so focus goes there. */
  invalid?: boolean | undefined;
}

/**
 * The visit's date and time, shared by the wallet's restaurant choice, its product list and a cart's wallet or Dine-In
 * group.
 */
export function VisitDateTime({ today, date, time, times, noTimeLeft, onDate, onTime, invalid }: VisitDateTimeProps) {
  return (
    <>
      <label className={css.field}>
        <span className={css.label}>Date</span>
        <input
          className={css.input}
          type="date"
          min={today}
          value={date}
          aria-invalid={invalid ? true : undefined}
          onChange={(e) => onDate(e.target.value)}
        />
      </label>
      <DropdownSelect
        label="Time"
        placeholder={noTimeLeft ? 'No time left on this date' : 'Choose a time…'}
        options={times.map((value) => ({ value, label: timeLabel(value) }))}
        value={time || undefined}
        disabled={times.length === 0}
        onChange={onTime}
      />
    </>
  );
}
