import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { entryMachine, selectAgeGate, selectPincode, type AgeGateActor } from '../../machines/entry/index.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { useAppActors } from '../app-context.tsx';
import * as frame from '../layout/page-frame.css.ts';
import { PincodeDialogView } from '../layout/pincode-dialog.tsx';
import * as css from './pages.css.ts';

/** '/': renders the entry machine's current question (the age gate, then the pincode); the machine opens the store. */
export function Landing() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const machine = useMemo(() => entryMachine.provide({ actions: { goToStore: () => navigate('/store', { replace: true }) } }), [navigate]);
  const entry = useActorRef(machine, { input: { session } });
  const ageGate = useSelector(entry, selectAgeGate);
  const pincode = useSelector(entry, selectPincode);

  if (ageGate) return <AgeQuestion actor={ageGate} />;
  if (pincode)
    return (
      <div className={frame.landing}>
        <PincodeDialogView actor={pincode} />
      </div>
    );
  return null;
}

/** 'Are you 21 or older?' with Yes / No, or the refusal with Back. */
function AgeQuestion({ actor }: { actor: AgeGateActor }) {
  const refused = useSelector(actor, (s) => s.matches('refused'));
  return (
    <div className={frame.landing}>
      <section className={frame.card} aria-labelledby="age-title">
        <p className={frame.brand}>MEAT &amp; FISH</p>
        <h1 id="age-title">Are you 21 or older?</h1>
        {refused ? (
          <>
            <p className={css.refusal} role="alert">
              Sorry, you must be 21 or older to enter.
            </p>
            <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'age.back' })}>
              Back
            </button>
          </>
        ) : (
          <div className={css.actions}>
            <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'age.confirm' })}>
              Yes, I am 21 or older
            </button>
            <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'age.deny' })}>
              No
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
