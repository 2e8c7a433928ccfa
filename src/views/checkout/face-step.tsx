import { checkoutMessages } from '../../rules/checkout-flow.ts';
import * as css from './checkout.css.ts';
import type { CheckoutActor } from './checkout-page.tsx';

/**
 * The face step's place in the flow. The machine never enters it yet (isFaceRequired is false): the identity issue
 * brings the webcam selfie and sends 'face.verified' on a match.
 */
export function FaceStep(_props: { actor: CheckoutActor }) {
  return (
    <section className={css.panel} aria-labelledby="face-title">
      <h2 id="face-title" className={css.title}>
        {checkoutMessages.faceTitle}
      </h2>
    </section>
  );
}
