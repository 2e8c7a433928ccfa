import { useCallback, useMemo, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  checkoutCardMachine,
  checkoutMachine,
  checkoutSummaryMachine,
  keepCheckoutChoices,
  readKeptChoicesFor,
  selectNotice,
  selectStep,
} from '../../machines/checkout/index.ts';
import { selectSessionValues } from '../../machines/app/index.ts';
import { useAppActors, useNotify } from '../app-context.tsx';
import { useTabReturn } from '../layout/use-tab-return.ts';
import { AddressStep } from './address-step.tsx';
import { CardStep } from './card-step.tsx';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';
import { CheckoutTabs } from './checkout-tabs.tsx';
import { FaceStep, IdentityStep } from './face-step.tsx';
import { SpeedStep } from './speed-step.tsx';
import { stripeHandleNextAction } from './stripe-next-action.ts';
import { SummaryStep } from './summary-step.tsx';
import { tabStorage } from '../controls/tab-storage.ts';

/**
 * The checkout machine with what only the page has: navigation (the URL follows the step), the app's toasts for the
 * card step, and Stripe.js for the bank check.
 */
function useCheckoutMachine() {
  const navigate = useNavigate();
  const notify = useNotify();
  return useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          choosePayment: checkoutCardMachine.provide({ actions: { notifyError: (_, params) => notify.toast('error', params.message) } }),
          reviewOrder: checkoutSummaryMachine.provide({
            actors: {
              handleNextAction: fromPromise<void, { clientSecret: string; publishableKey: string }>(({ input }) =>
                stripeHandleNextAction(input.clientSecret, input.publishableKey),
              ),
            },
          }),
        },
        actions: {
          goToStep: ({ context }) => {
            const path = `/cart/${context.step}`;
            // The address bar as it is now: a step opened before the page drew the last move (a reload's step opens
            // as soon as the cart is read) must still put the URL right.
            if (window.location.pathname !== path) navigate(path, { replace: true });
          },
          goToPaymentFail: (_, params) => navigate(`/payment/fail?orderId=${encodeURIComponent(params.orderId)}`),
          goToCart: () => navigate('/cart'),
          tellOnCart: (_, params) => notify.snackbar(params.message),
          goBack: () => navigate(-1),
        },
      }),
    [navigate, notify],
  );
}

/** /cart/{cartflow} (spec "Checkout tabs"). */
export function CheckoutPage() {
  const { session } = useAppActors();
  const machine = useCheckoutMachine();
  // Read once, as the checkout opens: what this tab chose for this cart before a reload, under the delivery option of now.
  const [kept] = useState(() => readKeptChoicesFor(tabStorage, selectSessionValues(session.getSnapshot())));
  return (
    <CheckoutActorContext.Provider logic={machine} options={{ input: { session, kept } }}>
      <CheckoutScreen />
    </CheckoutActorContext.Provider>
  );
}

function CheckoutScreen() {
  const actor = CheckoutActorContext.useActorRef();
  const { cartflow = '' } = useParams();
  const step = CheckoutActorContext.useSelector(selectStep);
  const notice = CheckoutActorContext.useSelector(selectNotice);
  const identityNeeded = CheckoutActorContext.useSelector((s) => s.matches({ flow: 'identityNeeded' }));

  // Back in this tab: the cart may have been ordered in another one meanwhile (then the cart page opens).
  useTabReturn(useCallback(() => actor.send({ type: 'checkout.refresh' }), [actor]));
  useEffect(() => keepCheckoutChoices(actor, tabStorage), [actor]);

  // A URL the shopper typed or went back to asks the machine; a refused step puts the URL back (goToStep).
  // Only a URL still in the address bar: one the machine has already moved on from (goToStep) is not asked again.
  useEffect(() => {
    if (window.location.pathname !== `/cart/${cartflow}`) return;
    if (cartflow !== selectStep(actor.getSnapshot())) actor.send({ type: 'tab.select', tab: cartflow });
  }, [actor, cartflow]);

  return (
    <div className={css.page}>
      <div className={css.titleBar}>
        <button type="button" className={css.backArrow} aria-label="Back" onClick={() => actor.send({ type: 'checkout.back' })}>
          ←
        </button>
        <h1 className={css.title}>Checkout</h1>
      </div>
      <CheckoutTabs />
      {identityNeeded ? (
        <IdentityStep />
      ) : (
        <div role="tabpanel" aria-label={step}>
          {step === 'address' && <AddressStep />}
          {step === 'speed' && <SpeedStep />}
          {step === 'card' && <CardStep />}
          {step === 'face' && <FaceStep />}
          {step === 'checkout' && <SummaryStep />}
        </div>
      )}
      {notice && (
        <div role="alert" className={css.snackbar}>
          {notice}
        </div>
      )}
    </div>
  );
}
