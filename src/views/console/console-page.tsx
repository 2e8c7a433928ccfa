import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useConsoleMe, useConsoleOrders } from '../../api/console.swr.ts';
import type { ConsoleRole } from '../../api/contract/fulfilment.contract.ts';
import { formatUsDate } from '../../rules/delivery-dates.ts';
import {
  consoleSellerLabel,
  consoleSellers,
  fulfilmentStateWords,
  fulfilmentStates,
  isFulfilmentState,
  pickList,
  pickLineWords,
  sellerDayChoices,
  type ConsoleSeller,
  type LocationDay,
  type FulfilmentState,
  type SellerListDay,
} from '../../rules/fulfilment.ts';
import { signInPathBack } from '../../rules/sign-in-again.ts';
import { secondaryButton, textInput } from '../../styles/controls.css.ts';
import { useSessionValue } from '../app-context.tsx';
import { ConsoleOrderCard } from './console-order-card.tsx';
import { SellerDay } from './seller-day.tsx';
import * as css from './console.css.ts';

const titles: Record<ConsoleRole, string> = { seller: 'SELLER CONSOLE', staff: 'STAFF CONSOLE' };

/**
 * /seller and /staff (issue 24), loaded on demand: never in the shopper's first load. A seller sees their locations'
 * orders of today and the next two days (or one of them), by date and slot, with the pick list per slot; staff every order with filters, the
 * late and stuck ones first. Both act on each order with the same moves (staff with a reason).
 */
export function ConsolePage({ role }: { role: ConsoleRole }) {
  const token = useSessionValue('Token');
  const me = useConsoleMe(Boolean(token));
  if (!token) {
    return (
      <div className={css.page}>
        <h1 className={css.title}>{titles[role]}</h1>
        <p>
          {/* Signed in, back to this console (?next=). */}
          Please <Link to={signInPathBack(`/${role}`)}>sign in</Link> with your {role} account.
        </p>
      </div>
    );
  }
  if (me.error) {
    return (
      <p role="alert" className={css.error}>
        {me.error instanceof Error ? me.error.message : 'Your account could not be loaded.'}
      </p>
    );
  }
  if (!me.data?.data) {
    return (
      <p role="status" className={css.status}>
        Loading…
      </p>
    );
  }
  if (me.data.data.role !== role) {
    return (
      <div className={css.page}>
        <h1 className={css.title}>{titles[role]}</h1>
        <p role="alert">This console is for {role} accounts. Sign in with one to use it.</p>
      </div>
    );
  }
  return <ConsoleOrders role={role} locIds={me.data.data.loc_ids} locDays={me.data.data.loc_days} />;
}

/**
 * Staff's 'Your day' (decision 044): any seller location's day, chosen by its id (the listed orders' sellers offered
 * by name; the seller filtered by opens at once), with the seller's controls; every change asks for a reason, which the
 * server requires and keeps.
 */
function StaffDay({ sellers, filtered }: { sellers: readonly ConsoleSeller[]; filtered: number | undefined }) {
  const [locId, setLocId] = useState<number | undefined>(filtered);
  const [typed, setTyped] = useState(filtered === undefined ? '' : String(filtered));
  return (
    <>
      <form
        className={css.filters}
        aria-label="Seller location"
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d{1,9}$/.test(typed.trim())) setLocId(Number(typed.trim()));
        }}
      >
        <label className={css.filter}>
          Seller location (id)
          <input className={textInput} inputMode="numeric" list="staff-day-locations" value={typed} onChange={(e) => setTyped(e.target.value)} />
        </label>
        <datalist id="staff-day-locations">
          {sellers.map((seller) => (
            <option key={seller.loc_id} value={seller.loc_id} label={consoleSellerLabel(seller)} />
          ))}
        </datalist>
        <button type="submit" className={secondaryButton}>
          Open its day
        </button>
      </form>
      {locId !== undefined && <SellerDay key={locId} role="staff" locIds={[locId]} />}
    </>
  );
}

function ConsoleOrders({ role, locIds, locDays }: { role: ConsoleRole; locIds: readonly number[]; locDays: readonly LocationDay[] | undefined }) {
  // A seller's Today / Tomorrow / The day after are each location's own (its time zone): the server counts them
  // location by location (sellerListDates), so a day button sends the day, not one date for every location.
  const dayChoices = sellerDayChoices(locDays, new Date());
  const [day, setDay] = useState<SellerListDay | undefined>(undefined);
  const [date, setDate] = useState<string | undefined>(undefined);
  const [state, setState] = useState<FulfilmentState | undefined>(undefined);
  const [late, setLate] = useState(false);
  const [seller, setSeller] = useState<ConsoleSeller | undefined>(undefined);
  const filter = { date, ...(day ? { day } : {}), state, ...(late ? { late } : {}), ...(seller ? { loc_id: seller.loc_id } : {}) };
  const orders = useConsoleOrders(role, filter);
  const { mutate } = orders;
  const reload = useCallback(() => void mutate(), [mutate]);
  const list = orders.data?.data ?? [];
  const slots = role === 'seller' ? pickList(list) : [];
  const sellers = role === 'staff' ? consoleSellers(list, seller) : [];

  return (
    <div className={css.page}>
      <h1 className={css.title}>{titles[role]}</h1>
      <div className={css.filters}>
        {role === 'seller' ? (
          <div role="group" aria-label="Day" className={css.actions}>
            <button type="button" className={secondaryButton} aria-pressed={day === undefined} onClick={() => setDay(undefined)}>
              Next three days
            </button>
            {dayChoices.map((choice) => (
              <button key={choice.day} type="button" className={secondaryButton} aria-pressed={day === choice.day} onClick={() => setDay(choice.day)}>
                {choice.label}
              </button>
            ))}
          </div>
        ) : (
          <>
            <label className={css.filter}>
              Seller
              <select
                className={textInput}
                value={seller?.loc_id ?? ''}
                onChange={(e) => setSeller(sellers.find((s) => String(s.loc_id) === e.target.value))}
              >
                <option value="">Any</option>
                {sellers.map((s) => (
                  <option key={s.loc_id} value={s.loc_id}>
                    {consoleSellerLabel(s)}
                  </option>
                ))}
              </select>
            </label>
            <label className={css.filter}>
              Date
              <input className={textInput} type="date" value={date ?? ''} onChange={(e) => setDate(e.target.value || undefined)} />
            </label>
            <label className={css.filter}>
              Status
              <select
                className={textInput}
                value={state ?? ''}
                onChange={(e) => setState(isFulfilmentState(e.target.value) ? e.target.value : undefined)}
              >
                <option value="">Any</option>
                {/* Orders of every mode are listed: each state in each mode's words ('Packed / Table ready'). */}
                {fulfilmentStates.map((s) => (
                  <option key={s} value={s}>
                    {fulfilmentStateWords(s)}
                  </option>
                ))}
              </select>
            </label>
            <label className={css.filter}>
              <span>
                <input type="checkbox" checked={late} onChange={(e) => setLate(e.target.checked)} /> Late or stuck only
              </span>
            </label>
          </>
        )}
      </div>
      {role === 'seller' && locIds.length > 0 && <SellerDay role={role} locIds={locIds} locDays={locDays} />}
      {/* Filtering by a seller opens that location's day; a new seller starts it afresh. */}
      {role === 'staff' && <StaffDay key={seller?.loc_id ?? 'any'} sellers={sellers} filtered={seller?.loc_id} />}
      {orders.error && (
        <p role="alert" className={css.error}>
          {orders.error instanceof Error ? orders.error.message : 'The orders could not be loaded.'}
        </p>
      )}
      {!orders.data && !orders.error && (
        <p role="status" className={css.status}>
          Loading orders…
        </p>
      )}
      {orders.data && list.length === 0 && <p className={css.status}>No orders.</p>}
      {slots.length > 0 && (
        <section className={css.card} aria-label="Pick list">
          <h2 className={css.slotTitle}>PICK LIST</h2>
          {slots.map((slot) => (
            <div key={`${slot.date ?? ''} ${slot.slot ?? ''}`}>
              <h3 className={css.slotTitle}>
                {slot.date ? formatUsDate(slot.date) : 'No date'} {slot.slot ?? 'any time'} · {slot.orders} order{slot.orders === 1 ? '' : 's'}
              </h3>
              <ul className={css.lines}>
                {slot.lines.map((line) => (
                  <li key={`${line.product_name} ${line.bottle_size}`}>{pickLineWords(line)}</li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
      <ul className={css.list} aria-label="Orders">
        {list.map((order) => (
          // Keyed by part, not state: a move redraws the card in place, keeping what was typed (its machine follows the list).
          <li key={`${order.order_number}:${order.loc_id}`}>
            <ConsoleOrderCard order={order} role={role} onMoved={reload} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SellerConsolePage() {
  return <ConsolePage role="seller" />;
}

export function StaffConsolePage() {
  return <ConsolePage role="staff" />;
}
