import { useActor } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import { ageGateMachine } from '../../machines/age-gate.machine.ts';
import { primaryButton, secondaryButton } from '../../styles/controls.css.ts';
import { useAppActors, useSessionValue } from '../app-context.tsx';
import * as frame from '../layout/page-frame.css.ts';
import * as css from './pages.css.ts';
import { PincodeDialog } from '../layout/pincode-dialog.tsx';

/** '/': the age gate, then the pincode dialog when no zip is stored, then the store. */
export function Landing() {
  const { session } = useAppActors();
  const [state, send] = useActor(ageGateMachine, { input: { session } });
  const zipcode = useSessionValue('zipcode');

  if (state.matches('verified')) {
    if (zipcode) return <Navigate to="/store" replace />;
    return (
      <div className={frame.landing}>
        <PincodeDialog dismissible={false} />
      </div>
    );
  }

  return (
    <div className={frame.landing}>
      <section className={frame.card} aria-labelledby="age-title">
        <p className={frame.brand}>MEAT &amp; FISH</p>
        <h1 id="age-title">Are you 21 or older?</h1>
        {state.matches('refused') ? (
          <>
            <p className={css.refusal} role="alert">
              Sorry, you must be 21 or older to enter.
            </p>
            <button type="button" className={secondaryButton} onClick={() => send({ type: 'age.back' })}>
              Back
            </button>
          </>
        ) : (
          <div className={css.actions}>
            <button type="button" className={primaryButton} onClick={() => send({ type: 'age.confirm' })}>
              Yes, I am 21 or older
            </button>
            <button type="button" className={secondaryButton} onClick={() => send({ type: 'age.deny' })}>
              No
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
