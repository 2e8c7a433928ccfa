import { useSelector } from '@xstate/react';
import { selectSummaryBooked, type CheckoutSummaryActor } from '../../machines/checkout/index.ts';
import * as css from './checkout.css.ts';

const sameLines = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((line, i) => line === b[i]);

/**
 * The Order Summary's 'what is booked' (walk 7 #6): the restaurant and time of a Dine-In or Pick-Up, each seller's
 * delivery date and slot, in the change panel's words, from what PLACE ORDER sends.
 */
export function BookedLines({ actor }: { actor: CheckoutSummaryActor }) {
  const lines = useSelector(actor, selectSummaryBooked, sameLines);
  if (lines.length === 0) return null;
  return (
    <>
      {lines.map((line) => (
        <p key={line} className={css.paymentChosen}>
          <strong>{line}</strong>
        </p>
      ))}
    </>
  );
}
