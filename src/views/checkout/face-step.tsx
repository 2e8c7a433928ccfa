import { useSelector } from '@xstate/react';
import { webcamIssueMessage, type CheckoutFaceActor } from '../../machines/checkout-face.machine.ts';
import { checkoutMessages } from '../../rules/checkout-flow.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { SelfieCamera } from '../controls/selfie-camera.tsx';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';

/** The face step's actor while the step is open (a cart with a drink). */
export function FaceStep() {
  const actor = CheckoutActorContext.useSelector((s) => s.children.verifyFace);
  return actor ? <FaceCheck actor={actor} /> : null;
}

/** 'Verify Yourself Before Placing An Order': TAKE SELFIE (or RETAKE), VERIFY; the flow is checkout-face.machine's. */
function FaceCheck({ actor }: { actor: CheckoutFaceActor }) {
  const selfie = useSelector(actor, (s) => s.context.selfie);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => !s.matches('capturing'));

  return (
    <section className={css.panel} aria-labelledby="face-title">
      <div className={css.page}>
        <h2 id="face-title" className={css.title}>
          {checkoutMessages.faceTitle}
        </h2>
        <SelfieCamera
          selfie={selfie}
          disabled={busy}
          onTake={(dataUrl) => actor.send({ type: 'face.selfie.take', dataUrl })}
          onRetake={() => actor.send({ type: 'face.selfie.retake' })}
          fallback={<p className={css.error}>{webcamIssueMessage}</p>}
        />
        {busy && (
          <p className={css.status} role="status">
            Checking your face…
          </p>
        )}
        {error && (
          <p className={css.error} role="alert">
            {error}
          </p>
        )}
        <div className={css.actions}>
          <button type="button" className={primaryButton} disabled={busy} onClick={() => actor.send({ type: 'face.verify' })}>
            VERIFY
          </button>
        </div>
      </div>
    </section>
  );
}
