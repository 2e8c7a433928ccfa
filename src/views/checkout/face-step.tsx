import { checkoutMessages } from '../../rules/checkout-flow.ts';
import * as css from './checkout.css.ts';

/**
 * The face step's place in the flow. The checkout never enters it yet (isFaceRequired is false): the identity issue
 * brings the webcam selfie and sends 'face.verified' to the face step's actor (children.verifyFace) on a match.
 */
export function FaceStep() {
  return (
    <section className={css.panel} aria-labelledby="face-title">
      <h2 id="face-title" className={css.title}>
        {checkoutMessages.faceTitle}
      </h2>
    </section>
  );
}
