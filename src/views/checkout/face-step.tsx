import { selectFaceStep, selectIdentityGap } from '../../machines/checkout/index.ts';
import { checkoutMessages } from '../../rules/checkout-flow.ts';
import { FaceCheck } from '../controls/face-check.tsx';
import { IdentityPrompt } from '../controls/identity-prompt.tsx';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';

/** 'Verify Yourself Before Placing An Order' while the face step is open (a cart with a drink); the check is FaceCheck's. */
export function FaceStep() {
  const actor = CheckoutActorContext.useSelector(selectFaceStep);
  if (!actor) return null;
  return (
    <section className={css.panel} aria-labelledby="face-title">
      <div className={css.page}>
        <h2 id="face-title" className={css.title}>
          {checkoutMessages.faceTitle}
        </h2>
        <FaceCheck actor={actor} />
      </div>
    </section>
  );
}

/** A drink in the cart of a guest or an unverified customer: what to do first, instead of the steps. */
export function IdentityStep() {
  const gap = CheckoutActorContext.useSelector(selectIdentityGap);
  if (!gap) return null;
  return (
    <section className={css.panel}>
      <IdentityPrompt gap={gap} />
    </section>
  );
}
