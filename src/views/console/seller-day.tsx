import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import type { ConsoleRole } from '../../api/contract/fulfilment.contract.ts';
import {
  sellerDayMachine,
  selectSellerDay,
  selectSellerDayBusy,
  selectSellerDayClosing,
  selectSellerDayDate,
  selectSellerDayEditable,
  selectSellerDayError,
  selectSellerDayFailed,
  selectSellerDayLocId,
} from '../../machines/seller-day/index.ts';
import { addDays, formatUsDate } from '../../rules/delivery-dates.ts';
import { formatSlot } from '../../rules/visit-time.ts';
import { sellerToday, type LocationDay } from '../../rules/fulfilment.ts';
import { closeDayQuestion, dayEntry, stockRowLabel, type DayEntry } from '../../rules/seller-day.ts';
import { secondaryButton, textInput } from '../../styles/controls.css.ts';
import * as css from './console.css.ts';

/** A row's field as typed, read by the rules: a whole number from 0, or a message naming the field. */
function entryFrom(event: FormEvent<HTMLFormElement>, name: 'seats' | 'stock'): DayEntry {
  event.preventDefault();
  const value = new FormData(event.currentTarget).get(name);
  return dayEntry(typeof value === 'string' ? value : '', name === 'seats' ? 'Seats' : 'Stock');
}

/**
 * 'YOUR DAY' in the seller console (issue 24 item 3): close or reopen a date, each slot's seats for it, each product's
 * stock; drawn from the seller-day machine. What is saved is what the storefront's calendars and the cart obey. In the
 * staff console the same panel answers for any location, with a reason for every change (decision 044).
 */
export function SellerDay({ role, locIds, locDays }: { role: ConsoleRole; locIds: readonly number[]; locDays?: readonly LocationDay[] | undefined }) {
  const firstLoc = locIds[0] ?? 0;
  // It opens on the location's tomorrow by its own clock (sellerToday; staff's, with no days sent, New York's).
  const opensOn = addDays(sellerToday(locDays, new Date(), firstLoc), 1);
  const actor = useActorRef(sellerDayMachine, { input: { role, locId: firstLoc, date: opensOn } });
  const day = useSelector(actor, selectSellerDay);
  const date = useSelector(actor, selectSellerDayDate);
  const locId = useSelector(actor, selectSellerDayLocId);
  const error = useSelector(actor, selectSellerDayError);
  const busy = useSelector(actor, selectSellerDayBusy);
  const failed = useSelector(actor, selectSellerDayFailed);
  const editable = useSelector(actor, selectSellerDayEditable);
  const closingBooked = useSelector(actor, selectSellerDayClosing);
  const [reasonText, setReasonText] = useState('');
  // A field typed out of bounds: said under its row (which row, and why), nothing sent.
  const [entryError, setEntryError] = useState<{ row: string; message: string } | undefined>(undefined);
  // Staff say why; the server refuses a staff change without a reason (400 on reason) and keeps it with the change.
  const reason = role === 'staff' && reasonText.trim() !== '' ? reasonText.trim() : undefined;
  return (
    <section className={css.card} aria-label="Your day" aria-busy={busy}>
      <h2 className={css.slotTitle}>
        {role === 'staff' ? `LOCATION ${locId}'S DAY` : 'YOUR DAY'}
        {day ? ` · ${day.vendor_name}` : ''}
      </h2>
      <div className={css.filters}>
        {locIds.length > 1 && (
          <label className={css.filter}>
            Location
            <select className={textInput} value={locId} onChange={(e) => actor.send({ type: 'day.location.choose', locId: Number(e.target.value) })}>
              {locIds.map((id) => (
                <option key={id} value={id}>
                  {id}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className={css.filter}>
          Date
          <input
            className={textInput}
            type="date"
            value={date}
            onChange={(e) => {
              if (e.target.value) actor.send({ type: 'day.date.choose', date: e.target.value });
            }}
          />
        </label>
        {role === 'staff' && (
          <label className={css.filter}>
            Reason
            <input className={textInput} value={reasonText} onChange={(e) => setReasonText(e.target.value)} />
          </label>
        )}
      </div>
      {failed && (
        <p className={css.actions}>
          <span role="alert" className={css.error}>
            {error}
          </span>
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'day.retry' })}>
            Try again
          </button>
        </p>
      )}
      {!failed && error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
      {day && (
        <>
          <p className={css.actions}>
            <span data-testid="day-state">
              {formatUsDate(day.date)}: {day.closed ? `closed (${day.closed})` : 'open'}
            </span>
            {day.closed === null && (
              <button type="button" className={secondaryButton} disabled={!editable} onClick={() => actor.send({ type: 'day.close', reason })}>
                Close this day
              </button>
            )}
            {closingBooked !== undefined && (
              <span role="alertdialog" aria-labelledby="close-day-question" className={css.warning}>
                <span id="close-day-question">{closeDayQuestion(closingBooked, day.date, day.preparing_orders)}</span>{' '}
                <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'day.close.confirm' })}>
                  Yes, close the day
                </button>{' '}
                <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'day.close.keep' })}>
                  Keep it open
                </button>
              </span>
            )}
            {day.reopenable && (
              <button type="button" className={secondaryButton} disabled={!editable} onClick={() => actor.send({ type: 'day.reopen', reason })}>
                Reopen this day
              </button>
            )}
          </p>
          {day.slots.length > 0 && (
            <ul className={css.lines} aria-label="Slot seats">
              {day.slots.map((slot) => (
                <li key={`${slot.slot_id}:${slot.seats}`}>
                  <form
                    className={css.line}
                    onSubmit={(e) => {
                      const seats = entryFrom(e, 'seats');
                      setEntryError(seats.ok ? undefined : { row: `seats-${slot.slot_id}`, message: seats.message });
                      if (seats.ok) actor.send({ type: 'day.seats.set', slotId: slot.slot_id, seats: seats.value, reason });
                    }}
                  >
                    <label>
                      {formatSlot(slot)}: seats{' '}
                      <input
                        className={`${textInput} ${css.weight}`}
                        name="seats"
                        inputMode="numeric"
                        defaultValue={slot.seats}
                        aria-invalid={entryError?.row === `seats-${slot.slot_id}`}
                      />
                    </label>
                    {entryError?.row === `seats-${slot.slot_id}` && (
                      <span role="alert" className={css.error}>
                        {formatSlot(slot)}: {entryError.message}
                      </span>
                    )}
                    <span className={css.meta}>
                      {slot.booked} booked, {slot.held} held{slot.seats !== slot.usual_seats ? ` (usually ${slot.usual_seats})` : ''}
                    </span>
                    <button type="submit" className={secondaryButton} disabled={!editable}>
                      Save seats
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
          <details>
            <summary>Stock ({day.products.length} products)</summary>
            <ul className={css.lines} aria-label="Stock">
              {day.products.map((product) => (
                <li key={`${product.offer_id}:${product.stock}`}>
                  <form
                    className={css.line}
                    onSubmit={(e) => {
                      const stock = entryFrom(e, 'stock');
                      setEntryError(stock.ok ? undefined : { row: `stock-${product.offer_id}`, message: stock.message });
                      if (stock.ok) actor.send({ type: 'day.stock.set', offerId: product.offer_id, stock: stock.value, reason });
                    }}
                  >
                    <label>
                      {stockRowLabel(product)}{' '}
                      <input
                        className={`${textInput} ${css.weight}`}
                        name="stock"
                        inputMode="numeric"
                        defaultValue={product.stock}
                        aria-invalid={entryError?.row === `stock-${product.offer_id}`}
                      />
                    </label>
                    {entryError?.row === `stock-${product.offer_id}` && (
                      <span role="alert" className={css.error}>
                        {stockRowLabel(product)}: {entryError.message}
                      </span>
                    )}
                    <button type="submit" className={secondaryButton} disabled={!editable}>
                      Save stock
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  );
}
