import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { useAppActors } from '../app-context.tsx';
import { AddressStep } from './address-step.tsx';
import { CardStep } from './card-step.tsx';
import * as css from './checkout.css.ts';
import { CheckoutTabs } from './checkout-tabs.tsx';
import { FaceStep } from './face-step.tsx';
import { SpeedStep } from './speed-step.tsx';
import { stripeHandleNextAction } from './stripe-next-action.ts';
import { SummaryStep } from './summary-step.tsx';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** The checkout machine with the page's navigation (the URL follows the step) and Stripe's bank check plugged in. */
function useCheckoutActor(): CheckoutActor {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          handleNextAction: fromPromise<void, { clientSecret: string }>(({ input }) => stripeHandleNextAction(input.clientSecret)),
        },
        actions: {
          showStep: ({ context }) => {
            const path = `/cart/${context.step}`;
            if (pathname.current !== path) navigate(path, { replace: true });
          },
          goToPaymentFail: (_, params) => navigate(`/payment/fail?orderId=${encodeURIComponent(params.orderId)}`),
        },
      }),
    [navigate],
  );
  return useActorRef(machine, { input: { session } });
}

/** /cart/{cartflow} (spec "Checkout tabs"). */
export function CheckoutPage() {
  const actor = useCheckoutActor();
  const { cartflow = '' } = useParams();
  const navigate = useNavigate();
  const step = useSelector(actor, (s) => s.context.step);
  const notice = useSelector(actor, (s) => s.context.notice);

  // A URL the shopper typed or went back to asks the machine; a refused step puts the URL back (showStep).
  useEffect(() => {
    if (cartflow !== actor.getSnapshot().context.step) actor.send({ type: 'tab.select', tab: cartflow });
  }, [actor, cartflow]);

  return (
    <div className={css.page}>
      <div className={css.titleBar}>
        <button type="button" className={css.backArrow} aria-label="Back" onClick={() => (step === 'checkout' ? navigate('/cart') : navigate(-1))}>
          ←
        </button>
        <h1 className={css.title}>Checkout</h1>
      </div>
      <CheckoutTabs actor={actor} />
      <div role="tabpanel" aria-label={step}>
        {step === 'address' && <AddressStep actor={actor} />}
        {step === 'speed' && <SpeedStep actor={actor} />}
        {step === 'card' && <CardStep actor={actor} />}
        {step === 'face' && <FaceStep actor={actor} />}
        {step === 'checkout' && <SummaryStep actor={actor} />}
      </div>
      {notice && (
        <div role="alert" className={css.snackbar}>
          {notice}
        </div>
      )}
    </div>
  );
}
