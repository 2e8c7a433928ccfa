import { useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useId, type FormEvent } from 'react';
import {
  addCardMessages,
  selectAddCardFromSettings,
  selectCardErrors,
  selectCardFormError,
  selectCanLeaveAddCard,
  selectCardValues,
  selectGateway,
  selectGatewayError,
  selectHasShippingAddress,
  selectNoShippingToCopy,
  selectSameAsShipping,
  type AddCardActor,
  type AddCardField,
  type CardTokenizer,
} from '../../../machines/cards/index.ts';
import { primaryButton, secondaryButton } from '../../../styles/controls.css.ts';
import * as css from './add-card.css.ts';
import { BillingAddressFields } from './billing-address-fields.tsx';
import * as tabCss from './card-tab.css.ts';
import { TextField } from '../text-field.tsx';
import { FormErrorSummary } from '../form-error-summary.tsx';
import { useFocusFirstInvalid, useFocusOnOpen } from '../use-form-focus.ts';
import { useShownMessage } from '../../layout/shown-message.ts';

// Stripe's packages load only when the server runs with Stripe keys.
const StripeCardFields = lazy(() => import('./stripe-card-fields.tsx'));

/** Add New Card: breadcrumb CARDS, the card fields, the Billing Address section and Save and Continue. */
export function AddCard({ actor }: { actor: AddCardActor }) {
  // Stripe's fields hand their tokenizer to the machine once Stripe has loaded (and take it back as the form closes).
  const setStripeTokenizer = useCallback(
    (tokenizer: CardTokenizer | undefined) => {
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'card.tokenizer.change', tokenizer });
    },
    [actor],
  );
  const fromSettings = useSelector(actor, selectAddCardFromSettings);
  const hasShippingAddress = useSelector(actor, selectHasShippingAddress);
  const noShippingToCopy = useSelector(actor, selectNoShippingToCopy);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const gatewayError = useShownMessage(useSelector(actor, selectGatewayError));
  const gateway = useSelector(actor, selectGateway);
  const values = useSelector(actor, selectCardValues);
  const errors = useSelector(actor, selectCardErrors);
  const formError = useShownMessage(useSelector(actor, selectCardFormError));
  const sameAsShipping = useSelector(actor, selectSameAsShipping);
  const saving = useSelector(actor, (s) => s.hasTag('saving'));
  const canGoBack = useSelector(actor, selectCanLeaveAddCard);
  const titleId = useId();
  const heading = useFocusOnOpen<HTMLHeadingElement>();
  const { container, submitted } = useFocusFirstInvalid<HTMLFormElement>(errors);

  const change = (field: AddCardField, value: string) => actor.send({ type: 'card.field.change', field, value });
  const save = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'card.save' });
    submitted();
  };
  const showToggle = !fromSettings && hasShippingAddress;

  return (
    <section className={css.screen} aria-labelledby={titleId}>
      <nav aria-label="Breadcrumb" className={css.breadcrumb}>
        <button
          type="button"
          className={css.backArrow}
          aria-label="Back to cards"
          disabled={!canGoBack}
          onClick={() => actor.send({ type: 'card.back' })}
        >
          ←
        </button>
        <span>CARDS</span>
      </nav>
      <h2 id={titleId} ref={heading} tabIndex={-1} className={tabCss.title}>
        Add New Card
      </h2>
      {loading && (
        <p role="status" className={tabCss.status}>
          Loading the card form…
        </p>
      )}
      {gatewayError && (
        <div role="alert" className={tabCss.error}>
          <p>{gatewayError}</p>
          <button type="button" className={secondaryButton} onClick={() => actor.send({ type: 'card.gateway.retry' })}>
            Try again
          </button>
        </div>
      )}
      {gateway && (
        <form ref={container} className={css.form} onSubmit={save} noValidate aria-labelledby={titleId}>
          <FormErrorSummary shown={Object.values(errors).some((e) => e !== undefined)} />
          <TextField
            label="Card Holder"
            value={values.holder}
            error={errors.holder}
            disabled={saving}
            autoComplete="cc-name"
            onChange={(v) => change('holder', v)}
          />
          {gateway.gateway === 'stripe' ? (
            <Suspense fallback={<p className={tabCss.status}>Loading the card fields…</p>}>
              <StripeCardFields publishableKey={gateway.publishable_key} onReady={setStripeTokenizer} />
            </Suspense>
          ) : (
            <>
              <TextField
                label="Card Number"
                value={values.number}
                error={errors.number}
                disabled={saving}
                autoComplete="cc-number"
                inputMode="numeric"
                placeholder="4242 4242 4242 4242"
                onChange={(v) => change('number', v)}
              />
              <div className={css.row}>
                <TextField
                  label="Expiry (MM/YY)"
                  value={values.expiry}
                  error={errors.expiry}
                  disabled={saving}
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  onChange={(v) => change('expiry', v)}
                />
                <TextField
                  label="CVC"
                  value={values.cvc}
                  error={errors.cvc}
                  disabled={saving}
                  autoComplete="cc-csc"
                  inputMode="numeric"
                  onChange={(v) => change('cvc', v)}
                />
              </div>
            </>
          )}
          <fieldset className={css.section}>
            <legend className={css.legend}>Billing Address</legend>
            {showToggle && (
              <label className={css.toggle}>
                <input
                  type="checkbox"
                  checked={sameAsShipping}
                  disabled={saving}
                  onChange={(e) => actor.send({ type: 'card.billing.same.toggle', same: e.target.checked })}
                />
                Same As Shipping Address
              </label>
            )}
            {noShippingToCopy && <p className={css.note}>{addCardMessages.noShippingAddress}</p>}
            <BillingAddressFields values={values} errors={errors} disabled={saving || (showToggle && sameAsShipping)} onChange={change} />
          </fieldset>
          {formError && (
            <p role="alert" className={css.formError}>
              {formError}
            </p>
          )}
          <div className={tabCss.actions}>
            <button type="submit" className={primaryButton} disabled={saving} aria-busy={saving}>
              {saving && <span className={tabCss.spinner} aria-hidden="true" />}
              Save and Continue
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
