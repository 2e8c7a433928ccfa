import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  cardNotice,
  deliveryOptionsMachine,
  isOptionAvailable,
  selectChosenRetailer,
  selectMissingChoices,
  selectDatePickerDays,
  selectDeliveryOptionsView,
  selectOptionCartBusy,
  selectOptionCartQuestion,
  selectOptionsEditable,
  selectRetailersShown,
  selectTimesShown,
} from '../../machines/store/index.ts';
import {
  deliveryOptionKinds,
  deliveryOptionLabels,
  pickupHoursNote,
  priceCategoryFilters,
  priceCategoryLabel,
  type DeliveryOptionKind,
} from '../../rules/dine-in.ts';
import { formatSlot, timeLabel } from '../../rules/visit-time.ts';
import { deliveryOptionMessages } from '../../rules/messages.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { useAppActors } from '../app-context.tsx';
import { AreaChangeQuestionView } from '../controls/area-change-question.tsx';
import { dayOf, disabledDays, isoOf, useClosedDayButton } from '../controls/calendar-days.tsx';
import * as pickerCss from '../controls/delivery-pickers.css.ts';
import { DropdownSelect } from '../controls/dropdown-select.tsx';
import * as dialogCss from '../../styles/dialog.css.ts';
import * as css from './dine-in.css.ts';
import { SampleStarPrices } from './sample-star-prices.tsx';
import { RetailerSummary } from './retailer-summary.tsx';

const cardNotes: Readonly<Record<DeliveryOptionKind, string>> = {
  'dine-in': 'Eat or drink it at a partner restaurant or bar',
  delivery: 'Brought to your door by the shop’s driver',
  'pick-up': 'Collect it at a partner restaurant',
};

/**
 * A day's accessible name starting with the number it shows ('26 November 2026, Thursday'), so what is seen is what
 * is heard (WCAG 2.5.3); the library's own ('Thursday, November 26th, 2026') hides the '26'. A closed day says why
 * ('…, closed: Hudson Street Butchers — West Village is closed on Sundays.'), never that it is full (issue 23).
 */
function dayButtonLabel(date: Date, modifiers: { today?: boolean; selected?: boolean }, closedReason: string | undefined): string {
  const month = date.toLocaleDateString('en-US', { month: 'long' });
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long' });
  const closed = closedReason === undefined ? '' : `, closed: ${closedReason}`;
  return `${date.getDate()} ${month} ${date.getFullYear()}, ${weekday}${modifiers.today ? ', today' : ''}${modifiers.selected ? ', selected' : ''}${closed}`;
}

/**
 * /ship/options, 'Choose a Delivery Options' (storefront spec "Delivery options screen"): the cards, then for
 * Dine-In and Pick-Up the star filter, the restaurant and the visit's date and time, for Delivery a date and the
 * driver's slots. The delivery-options machine holds every rule; CONTINUE is enabled when it can continue.
 */
export function DeliveryOptionsPage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preferred = Number(params.get('retailer')) || undefined;
  const machine = useMemo(() => deliveryOptionsMachine.provide({ actions: { goToStore: () => navigate('/store') } }), [navigate]);
  const actor = useActorRef(machine, { input: { session, preferredRetailer: preferred } });
  const view = useSelector(actor, selectDeliveryOptionsView, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const shown = useSelector(actor, selectRetailersShown);
  const times = useSelector(actor, selectTimesShown, (a, b) => a.join() === b.join());
  const retailer = useSelector(actor, selectChosenRetailer);
  const missing = useSelector(actor, selectMissingChoices, (a, b) => a.retailer === b.retailer && a.dateTime === b.dateTime);
  const loading = useSelector(actor, (s) => s.matches({ options: 'loading' }));
  const notServed = useSelector(actor, (s) => s.matches({ options: 'notServed' }));
  const loadingSlots = useSelector(actor, (s) => s.matches({ options: { choosing: 'loadingSlots' } }));
  const sampleOpen = useSelector(actor, (s) => s.matches({ sample: 'open' }));
  const canContinue = useSelector(actor, (s) => s.can({ type: 'options.continue' }));
  const cartQuestion = useSelector(actor, selectOptionCartQuestion, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const cartBusy = useSelector(actor, selectOptionCartBusy);
  const editable = useSelector(actor, selectOptionsEditable);
  const questionTitleId = useId();
  const days = useSelector(actor, selectDatePickerDays, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const closedReasons = useMemo(() => new Map(days.closed.map((c) => [c.date, c.reason])), [days.closed]);
  const closedDays = useMemo(() => days.closed.map((c) => dayOf(c.date)), [days.closed]);
  const ClosedDayButton = useClosedDayButton(days.closed);
  const visit = view.selected === 'dine-in' || view.selected === 'pick-up';

  return (
    <div className={css.page}>
      <h1 className={css.title}>Choose a Delivery Options</h1>
      {loading && <p role="status">Loading…</p>}
      {notServed && (
        <p className={css.message} role="alert">
          {view.message} <Link to="/">Change pincode</Link>
        </p>
      )}
      {!loading && !notServed && (
        <>
          <div className={css.cards} role="radiogroup" aria-label="Delivery option">
            {deliveryOptionKinds.map((kind) => {
              const available = isOptionAvailable(view, kind);
              // A visit card no restaurant serves in the area says so in place of its note.
              const notice = cardNotice(view, kind);
              const selected = view.selected === kind;
              return (
                <button
                  key={kind}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={!available || !editable}
                  className={selected ? css.cardSelected : css.card}
                  onClick={() => actor.send({ type: 'option.select', kind })}
                >
                  {view.primary === kind && <span className={css.primaryBadge}>RECOMMENDED</span>}
                  <span className={css.cardName}>{deliveryOptionLabels[kind]}</span>
                  <span className={css.cardNote}>{notice ?? cardNotes[kind]}</span>
                </button>
              );
            })}
          </div>
          <section className={css.panel} aria-label={view.selected ? deliveryOptionLabels[view.selected] : 'Delivery option'}>
            {view.message && (
              <p className={css.message} role="status">
                {view.message}
              </p>
            )}
            {visit && (
              <>
                <fieldset className={css.fieldset}>
                  <legend className={css.legend}>Retailer category</legend>
                  <div className={css.chips}>
                    {priceCategoryFilters.map((stars) => (
                      <button
                        key={stars}
                        type="button"
                        aria-pressed={view.stars === stars}
                        disabled={!editable}
                        className={view.stars === stars ? css.chipSelected : css.chip}
                        onClick={() => actor.send({ type: 'stars.select', stars })}
                      >
                        {priceCategoryLabel(stars)}
                      </button>
                    ))}
                    <button type="button" className={css.linkLike} onClick={() => actor.send({ type: 'sample.open' })}>
                      What do the stars cost?
                    </button>
                  </div>
                </fieldset>
                <div>
                  <DropdownSelect
                    label="Retailer"
                    placeholder={shown.length === 0 ? deliveryOptionMessages.noRetailer : 'Choose a restaurant…'}
                    options={shown.map((r) => ({ value: r.loc_id, label: `${r.name} (${priceCategoryLabel(r.price_category)})` }))}
                    value={view.retailerId}
                    disabled={shown.length === 0 || !editable}
                    onChange={(locId) => actor.send({ type: 'retailer.select', locId })}
                  />
                  {missing.retailer && (
                    <p className={css.hint} role="alert">
                      {missing.retailer}
                    </p>
                  )}
                  {retailer && <RetailerSummary retailer={retailer} />}
                </div>
              </>
            )}
            <div className={css.row}>
              <div className={css.calendar}>
                <p className={css.legend} id="visit-date-label">
                  {visit ? 'Date' : 'Delivery date'}
                </p>
                <DayPicker
                  mode="single"
                  aria-labelledby="visit-date-label"
                  selected={view.date ? dayOf(view.date) : undefined}
                  defaultMonth={dayOf(view.date ?? days.minDate)}
                  // Until the shop's calendar is known, no day: a closed one would look open. None while the cart is checked.
                  disabled={
                    !editable ||
                    days.pending ||
                    disabledDays(
                      days.minDate,
                      days.maxDate,
                      days.closed.map((c) => c.date),
                    )
                  }
                  modifiers={{ closed: closedDays }}
                  modifiersClassNames={{ closed: pickerCss.closedDay }}
                  components={{ DayButton: ClosedDayButton }}
                  labels={{ labelDayButton: (date, modifiers) => dayButtonLabel(date, modifiers, closedReasons.get(isoOf(date))) }}
                  onSelect={(day) => {
                    if (day) actor.send({ type: 'date.select', date: isoOf(day) });
                  }}
                />
                {days.pending && <p role="status">Loading…</p>}
                {/* Closed is not full (issue 23): the struck-out days say why, before the shopper picks one. */}
                {days.notes.length > 0 && (
                  <div className={pickerCss.calendarNote}>
                    <p className={css.muted}>Struck-out days cannot be chosen:</p>
                    <ul className={css.closedNotes}>
                      {days.notes.map((note) => (
                        <li key={note}>{note}</li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
              <div>
                {visit ? (
                  <>
                    <DropdownSelect
                      label="Time"
                      placeholder={retailer && view.date && times.length === 0 ? 'No time left on this date' : 'Choose a time…'}
                      options={times.map((time) => ({ value: time, label: timeLabel(time) }))}
                      value={view.time}
                      disabled={times.length === 0 || !editable}
                      onChange={(time) => actor.send({ type: 'time.select', time })}
                    />
                    {missing.dateTime && (
                      <p className={css.hint} role="alert">
                        {missing.dateTime}
                      </p>
                    )}
                    {retailer && (
                      <p className={css.muted}>
                        {retailer.name} is open {timeLabel(retailer.opens_at)} to {timeLabel(retailer.closes_at)}
                        {view.selected === 'pick-up' ? pickupHoursNote(retailer) : '; the last table is an hour before closing.'}
                      </p>
                    )}
                  </>
                ) : (
                  <fieldset className={css.fieldset}>
                    <legend className={css.legend}>Driver slot</legend>
                    {loadingSlots && <p role="status">Loading slots…</p>}
                    {!view.date && <p className={css.muted}>Choose a date to see the driver’s slots.</p>}
                    <div className={css.chips}>
                      {view.slots.map((slot) => (
                        <button
                          key={slot.slot_id}
                          type="button"
                          aria-pressed={view.slotId === slot.slot_id}
                          disabled={!editable}
                          className={view.slotId === slot.slot_id ? css.chipSelected : css.chip}
                          onClick={() => actor.send({ type: 'slot.select', slotId: slot.slot_id })}
                        >
                          {formatSlot(slot)}
                        </button>
                      ))}
                    </div>
                  </fieldset>
                )}
              </div>
            </div>
            <div className={css.actions}>
              {cartBusy && <p role="status">Checking your cart…</p>}
              <button type="button" className={primaryButton} disabled={!canContinue} onClick={() => actor.send({ type: 'options.continue' })}>
                CONTINUE
              </button>
            </div>
          </section>
        </>
      )}
      {cartQuestion && (
        // Issue 23: a new option with a cart asks first, like a new pincode (the same question and answers).
        <div className={dialogCss.backdrop}>
          <div role="dialog" aria-modal="true" aria-labelledby={questionTitleId} className={dialogCss.dialog}>
            <AreaChangeQuestionView
              titleId={questionTitleId}
              question={cartQuestion}
              onConfirm={() => actor.send({ type: 'option.confirm' })}
              onKeep={() => actor.send({ type: 'option.keep' })}
              onKeepOld={() => actor.send({ type: 'option.keepOld' })}
            />
          </div>
        </div>
      )}
      {sampleOpen && <SampleStarPrices onClose={() => actor.send({ type: 'sample.close' })} />}
    </div>
  );
}
