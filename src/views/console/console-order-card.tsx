import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ConsoleItem, ConsoleOrder, ConsoleRole } from '../../api/contract/fulfilment.contract.ts';
import {
  fulfilmentMachine,
  selectCanSubstitute,
  selectConfirming,
  selectFollowsList,
  selectFulfilmentState,
  selectMoveError,
  selectCardMoves,
  selectWaitingNote,
  selectMoving,
  selectSubstitutedCount,
  selectSubstituting,
  selectTypedReason,
  selectTypedWeights,
} from '../../machines/fulfilment/index.ts';
import { formatWeighedPounds, substitutionPreferenceLabel, substitutionStateLabels } from '../../rules/catch-weight.ts';
import { isLastLineLeft, markOutQuestion, moveQuestion, weightQuestion, type ConsoleQuestion } from '../../rules/console-confirm.ts';
import { formatUsDate } from '../../rules/delivery-dates.ts';
import {
  closedDayNote,
  consoleActorLabels,
  consoleStateLabel,
  consoleTableDay,
  fulfilmentEventLabel,
  needsReason,
  reasonFieldHint,
  type FulfilmentEvent,
} from '../../rules/fulfilment.ts';
import { formatMoney } from '../../rules/money.ts';
import { consoleAmountWords } from '../../rules/console-amount.ts';
import { walletLineWords } from '../../rules/payment-words.ts';
import { endsPartOnly } from '../../rules/order-parts.ts';
import { farWeights, lineSizeLabel, parseWeightEntry, weightFieldHint, weightFieldLabel } from '../../rules/weight-entry.ts';
import { primaryButton, secondaryButton, textInput } from '../../styles/controls.css.ts';
import { OrderTimeline } from '../controls/order-timeline.tsx';
import * as css from './console.css.ts';

/**
 * One order in a console: its lines (a weight field per line sold by weight while it is being picked), the moves this
 * user may make now (the fulfilment machine's, from the rules' table) and a reason field where a move needs one. The
 * card stays mounted while the list is read again: each read is reported to its machine, which follows someone else's
 * move and keeps the weights typed.
 */
/** The moves are computed per snapshot: the same list, move by move, is no change to draw. */
function sameMoves(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((move, index) => move === b[index]);
}

export function ConsoleOrderCard({ order, role, onMoved }: { order: ConsoleOrder; role: ConsoleRole; onMoved: () => void }) {
  const actor = useActorRef(fulfilmentMachine, {
    input: {
      orderNumber: order.order_number,
      state: order.state,
      kind: order.kind,
      actor: role,
      locId: order.loc_id,
      otherParts: order.other_parts,
      tableDay: consoleTableDay(order),
    },
  });
  const state = useSelector(actor, selectFulfilmentState);
  const moves = useSelector(actor, selectCardMoves(order.moves), sameMoves);
  const waiting = useSelector(actor, selectWaitingNote);
  const moving = useSelector(actor, selectMoving);
  const error = useSelector(actor, selectMoveError);
  const reason = useSelector(actor, selectTypedReason);
  const weights = useSelector(actor, selectTypedWeights);
  const confirming = useSelector(actor, selectConfirming);
  const followsList = useSelector(actor, selectFollowsList);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const substituting = useSelector(actor, selectSubstituting);
  const canSubstitute = useSelector(actor, selectCanSubstitute);
  const substituted = useSelector(actor, selectSubstitutedCount);
  const shown = useRef({ state, substituted });
  useEffect(() => {
    if (shown.current.state !== state || shown.current.substituted !== substituted) {
      shown.current = { state, substituted };
      onMoved();
    }
  }, [state, substituted, onMoved]);
  useEffect(() => {
    if (followsList) actor.send({ type: 'fulfil.reported', state: order.state, otherParts: order.other_parts, tableDay: consoleTableDay(order) });
  }, [actor, followsList, order]);

  const wantsReason = moves.some((event) => needsReason(event, role));
  // A weight the rules cannot read is said under its field; the machine sends nothing until it reads. The reason typed
  // goes with the move only when it takes one (the machine's assignPending: takesReason).
  const send = (event: FulfilmentEvent) => {
    actor.send({
      type: 'fulfil.move',
      event,
      reason: reason.trim() === '' ? undefined : reason.trim(),
      // Only the weights typed: a line left blank is one the server names as unweighed; one far off is asked about.
      weights: event === 'pack' ? typedWeights(order, weights) : undefined,
      far: event === 'pack' ? farWeights(order.items, weights) : undefined,
    });
  };
  const headingId = `console-order-${order.order_number}-${order.loc_id}`;
  // A part on a day its seller closed: the card says so and what is left to do (its buttons are Refuse and Cancel only).
  const closedNote = closedDayNote(order.kind, consoleTableDay(order), state);

  return (
    <article className={css.card} aria-labelledby={headingId} data-order={order.order_number}>
      <div className={css.cardHead}>
        <h3 id={headingId} className={css.orderNumber}>
          ORDER #{order.order_number}
        </h3>
        <span className={css.badge} data-testid="fulfilment-state">
          {consoleStateLabel(state, order, role)}
        </span>
        {order.late && <span className={css.warning}>Late</span>}
        {order.stuck && <span className={css.warning}>Stuck</span>}
        {closedNote && (
          <span className={css.warning} data-testid="closed-day">
            {closedNote}
          </span>
        )}
      </div>
      <p className={css.meta}>
        {order.customer_name || 'Guest'} · {order.delivery_method} · {order.vendor_name}
        {order.delivery_date && ` · ${formatUsDate(order.delivery_date)}`}
        {order.slot && ` ${order.slot}`} · {consoleAmountWords(order)} · {order.payment_words}
      </p>
      {order.gift_message && (
        <p className={css.gift} data-testid="gift-message">
          <span className={css.giftName}>GIFT MESSAGE</span> {order.gift_message}
        </p>
      )}
      <ul className={css.lines}>
        {order.items.map((item) => (
          <li key={item.id} className={css.line}>
            <span>
              {item.qty} × {item.product_name}
              {item.bottle_size > 0 &&
                ` (${lineSizeLabel(item.bottle_size, item.wallet !== true && (item.sold_by_weight ?? item.by_weight), item.size_unit ?? 'g', item.qty)})`}
            </span>
            {item.wallet === true && <span className={css.meta}>{walletLineWords}</span>}
            {item.weighed_grams !== null && <span className={css.meta}>weighed {formatWeighedPounds(item.weighed_grams)}</span>}
            {item.substitution_state && (
              <span className={css.meta} data-testid="substitution-state">
                {substitutionStateLabels[item.substitution_state]}
                {item.substitute_name && `: ${item.substitute_name}`}
              </span>
            )}
            {item.substitutes !== undefined && canSubstitute && (
              <span className={css.filter}>
                {item.substitution_pref && (
                  <span className={css.meta}>{substitutionPreferenceLabel(item.substitution_pref, { size_unit: item.size_unit ?? 'g' })}</span>
                )}
                {item.substitutes.length > 0 && (
                  <label className={css.filter}>
                    Substitute for {item.product_name}
                    <select className={textInput} value={chosen[item.id] ?? ''} onChange={(e) => setChosen({ ...chosen, [item.id]: e.target.value })}>
                      <option value="">Choose…</option>
                      {item.substitutes.map((s) => (
                        <option key={s.product_id} value={String(s.product_id)}>
                          {s.name} · {formatMoney(s.price)}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
                {chosen[item.id] && (
                  <button
                    type="button"
                    className={secondaryButton}
                    onClick={() => actor.send({ type: 'fulfil.substitute', itemId: item.id, productId: Number(chosen[item.id]) })}
                  >
                    Propose substitute
                  </button>
                )}
                <button
                  type="button"
                  className={secondaryButton}
                  onClick={() => actor.send({ type: 'fulfil.substitute', itemId: item.id, productId: undefined })}
                >
                  Mark out
                </button>
              </span>
            )}
            {item.by_weight && moves.includes('pack') && (
              <WeightField
                item={item}
                typed={weights[item.id] ?? ''}
                onType={(text) => actor.send({ type: 'fulfil.weight.type', itemId: item.id, text })}
              />
            )}
          </li>
        ))}
      </ul>
      {/* Who moved it and why (a staff move's reason, a refusal's): the order's history at a glance. */}
      {order.timeline.length > 0 && (
        <details>
          <summary>
            History ({order.timeline.length} step{order.timeline.length === 1 ? '' : 's'})
          </summary>
          <OrderTimeline steps={order.timeline} actorLabels={consoleActorLabels} kind={order.kind} />
        </details>
      )}
      {waiting && (
        <p className={css.meta} data-testid="waiting-note">
          {waiting}
        </p>
      )}
      {moves.length > 0 && (
        <div className={css.actions}>
          {wantsReason && (
            <>
              <label className={css.filter}>
                Reason
                <input
                  className={textInput}
                  value={reason}
                  aria-describedby={`${headingId}-reason-hint`}
                  onChange={(e) => actor.send({ type: 'fulfil.reason.type', text: e.target.value })}
                />
              </label>
              <span id={`${headingId}-reason-hint`} className={css.meta}>
                {reasonFieldHint(role)}
              </span>
            </>
          )}
          {moves.map((event, index) => (
            <button
              key={event}
              type="button"
              className={index === 0 && event !== 'cancel' && event !== 'refuse' ? primaryButton : secondaryButton}
              disabled={moving !== undefined}
              onClick={() => send(event)}
            >
              {fulfilmentEventLabel(event, order.kind)}
            </button>
          ))}
        </div>
      )}
      {confirming && (
        <ConfirmStep
          id={`${headingId}-confirm`}
          asked={
            'event' in confirming && confirming.far
              ? weightQuestion(confirming.far, order.kind)
              : 'event' in confirming
                ? moveQuestion(
                    confirming.event,
                    order.order_number,
                    order.other_parts.length > 0,
                    endsPartOnly(confirming.event, order.other_parts),
                    role === 'staff' ? order.vendor_name : undefined,
                  )
                : markOutQuestion(
                    order.items.find((i) => i.id === confirming.markOut)?.product_name ?? 'this line',
                    isLastLineLeft(order.items, confirming.markOut),
                  )
          }
          onConfirm={() => actor.send({ type: 'fulfil.confirm' })}
          onKeep={() => actor.send({ type: 'fulfil.keep' })}
        />
      )}
      {(moving || substituting) && (
        <p role="status" className={css.status}>
          Saving…
        </p>
      )}
      {error && (
        <p role="alert" className={css.error}>
          {error}
        </p>
      )}
    </article>
  );
}

/** A step that cannot be undone, asked first (the machine's confirming states): what will happen, go ahead or keep. */
function ConfirmStep({ id, asked, onConfirm, onKeep }: { id: string; asked: ConsoleQuestion; onConfirm: () => void; onKeep: () => void }) {
  return (
    <div role="alertdialog" aria-labelledby={id} className={css.actions}>
      <p id={id} className={css.warning}>
        {asked.question}
      </p>
      <button type="button" className={primaryButton} onClick={onConfirm}>
        {asked.confirm}
      </button>
      <button type="button" className={secondaryButton} onClick={onKeep}>
        {asked.keep}
      </button>
    </div>
  );
}

/** A weighed line's field: pounds as the scale reads them (src/rules/weight-entry.ts), what cannot be read said under it. */
function WeightField({ item, typed, onType }: { item: ConsoleItem; typed: string; onType: (text: string) => void }) {
  const entry = typed.trim() === '' ? undefined : parseWeightEntry(typed);
  const hintId = `weight-hint-${item.id}`;
  return (
    <label className={css.filter}>
      {weightFieldLabel(item.product_name, item.qty)}
      <input
        className={`${textInput} ${css.weight}`}
        inputMode="decimal"
        placeholder="1.02"
        aria-describedby={hintId}
        aria-invalid={entry !== undefined && !entry.ok}
        value={typed}
        onChange={(e) => onType(e.target.value)}
      />
      <span id={hintId} className={entry && !entry.ok ? css.error : css.meta} role={entry && !entry.ok ? 'alert' : undefined}>
        {entry && !entry.ok ? entry.message : entry?.ok ? `${formatWeighedPounds(entry.grams)} on the scale` : weightFieldHint(item.qty)}
      </span>
    </label>
  );
}

/** Only the weights typed and read: a line left blank is one the server names as unweighed. */
function typedWeights(order: ConsoleOrder, typed: Readonly<Record<number, string>>): { item_id: number; grams: number }[] {
  return order.items.flatMap((i) => {
    const entry = i.by_weight ? parseWeightEntry(typed[i.id] ?? '') : undefined;
    return entry?.ok ? [{ item_id: i.id, grams: entry.grams }] : [];
  });
}
