import { useActorRef, useSelector } from '@xstate/react';
import { selectWalletVisit, walletVisitMachine } from '../../machines/cart/index.ts';
import type { OpeningHours } from '../../rules/dine-in.ts';
import { secondaryButton } from '../../styles/controls.css.ts';
import { VisitDateTime } from '../controls/visit-date-time.tsx';
import * as visitCss from '../controls/visit-date-time.css.ts';
import * as css from './vendor-group.css.ts';
import { useShownMessage } from '../layout/shown-message.ts';

interface WalletVisitChoiceProps {
  cartId: string;
  vendorLocId: number;
  vendorName: string;
  hours: OpeningHours;
  /** The visit is kept: the cart is read again and shows it. */
  onKept: () => void;
  /** CHECKOUT was refused for want of it (walk 6 #3): said here, and the date marked. */
  required?: string | undefined;
}

/**
 * A wallet or Dine-In group with no table kept: its date and time, picked as on the wallet product list, and SAVE
 * (kept on the group's lines on the server, so any browser places it).
 */
export function WalletVisitChoice({ cartId, vendorLocId, vendorName, hours, onKept, required }: WalletVisitChoiceProps) {
  const actor = useActorRef(walletVisitMachine.provide({ actions: { visitKept: onKept } }), { input: { cartId, vendorLocId, hours } });
  const visit = useSelector(actor, selectWalletVisit);
  const problem = useShownMessage(visit.problem);
  return (
    <fieldset className={css.visitChoice} disabled={visit.saving} aria-label={`When you eat in at ${vendorName}`}>
      <div className={css.visitFields}>
        <VisitDateTime
          today={visit.today}
          date={visit.date}
          time={visit.time}
          times={visit.times}
          noTimeLeft={visit.times.length === 0}
          onDate={(date) => actor.send({ type: 'visit.date.change', date })}
          onTime={(time) => actor.send({ type: 'visit.time.change', time })}
          invalid={required !== undefined && !problem}
        />
        <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'visit.save' })}>
          Save date and time
        </button>
      </div>
      {(problem ?? required) && (
        <p className={visitCss.error} role="alert">
          {problem ?? required}
        </p>
      )}
    </fieldset>
  );
}
