import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { faceVerifyMachine } from '../../machines/identity/index.ts';
import { checkoutMessages } from '../../rules/checkout-flow.ts';
import { useAppActors, useNotify } from '../app-context.tsx';
import { FaceCheck } from '../controls/face-check.tsx';
import * as css from './kyc.css.ts';

/**
 * /verifyFace (spec "Face verify"): the checkout's face check as its own screen, for the shopper's open cart. A match
 * says 'Face Verification Successful Match is {n} %' and continues to checkout, which then skips its face step while
 * the pass is fresh; a guest or a customer not verified yet is told what to do first. The flow is face-verify.machine's.
 */
export function VerifyFacePage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const notify = useNotify();
  const machine = useMemo(
    () =>
      faceVerifyMachine.provide({
        actions: {
          notifyMatch: (_, { message }) => notify.snackbar(message),
          goToCheckout: () => navigate('/cart/checkout'),
        },
      }),
    [navigate, notify],
  );
  const actor = useActorRef(machine, { input: { session } });

  return (
    <div className={css.page}>
      <section className={css.card} aria-labelledby="verify-face-title">
        <h1 id="verify-face-title" className={css.title}>
          {checkoutMessages.faceTitle}
        </h1>
        <FaceCheck actor={actor} />
      </section>
    </div>
  );
}
