import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { bankList, bankMessages, selectChosenBank, type ShippingAddressForCard } from '../../../machines/cards/index.ts';
import {
  checkoutCardMachine,
  selectAddCard,
  selectBankRefusal,
  selectCardList,
  selectCanContinueOnDelivery,
  selectCardStepFromSettings,
  selectOfferedPaymentOptions,
  selectPayOnDeliveryPanel,
  selectPayOnDeliveryRefusal,
  selectPaymentOptions,
  type CheckoutCardActor,
  type CardStepChoice,
  type PaymentMode,
} from '../../../machines/checkout/index.ts';
import { primaryButton, secondaryButton } from '../../../styles/controls.css.ts';
import { useNotify } from '../../app-context.tsx';
import { AddCard } from './add-card.tsx';
import { BankForm } from './bank-form.tsx';
import { CardList } from './card-list.tsx';
import * as css from './card-tab.css.ts';
import { UpiForm } from './upi-form.tsx';
import { useShownMessage } from '../../layout/shown-message.ts';

export interface CardTabProps {
  /** The checkout's shipping address: 'Same As Shipping Address' copies it and reuses its id as the billing address. */
  shippingAddress?: ShippingAddressForCard | undefined;
  /** The cart being checked out (paymentmethods checks it is the caller's). */
  cartId?: string | undefined;
  /** Account settings: saved cards with Remove, ADD NEW CARD, no payment options, no 'Same As Shipping Address'. */
  fromSettings?: boolean | undefined;
  onContinue: (choice: CardStepChoice) => void;
  onBack?: (() => void) | undefined;
}

/** The card tab with its own card step actor, for a page without a checkout (account settings): the choice goes to onContinue. */
export function CardTab({ shippingAddress, cartId, fromSettings = false, onContinue, onBack }: CardTabProps) {
  const notify = useNotify();
  const latest = useRef(onContinue);
  latest.current = onContinue;
  const machine = useMemo(
    () =>
      checkoutCardMachine.provide({
        actions: {
          reportChoice: (_, params) => latest.current(params.choice),
          notifyError: (_, params) => notify.toast('error', params.message),
        },
      }),
    [notify],
  );
  const actor = useActorRef(machine, { input: { shippingAddress, cartId, fromSettings } });
  return <CardTabView actor={actor} onBack={onBack} />;
}

/** The offered options are computed per snapshot: the same list, label by label, is no change to draw. */
function sameOptions(a: readonly { mode: number; label: string }[], b: readonly { mode: number; label: string }[]): boolean {
  return a.length === b.length && a.every((option, index) => option.mode === b[index]?.mode && option.label === b[index]?.label);
}

/** Renders the card step actor: the panel its state names (cards, UPI, Payment on Delivery, Add New Card), each child's view inside. */
export function CardTabView({ actor, onBack }: { actor: CheckoutCardActor; onBack?: (() => void) | undefined }) {
  const fromSettings = useSelector(actor, selectCardStepFromSettings);
  const addCard = useSelector(actor, selectAddCard);
  const options = useSelector(actor, selectPaymentOptions);
  const cards = useSelector(actor, selectCardList);
  const mode = useSelector(actor, (s): PaymentMode =>
    s.matches({ choosing: 'upi' }) ? 3 : s.matches({ choosing: 'delivery' }) ? 4 : s.matches({ choosing: 'bank' }) ? 1 : 2,
  );
  const chosenBank = useSelector(options, (s) => (s ? selectChosenBank(s) : undefined));
  const payOnDeliveryRefusal = useSelector(actor, selectPayOnDeliveryRefusal);
  const payOnDeliveryPanel = useSelector(actor, selectPayOnDeliveryPanel);
  const paymentOptions = useSelector(actor, selectOfferedPaymentOptions, sameOptions);
  const canContinueOnDelivery = useSelector(actor, selectCanContinueOnDelivery);
  const bankRefusal = useShownMessage(useSelector(actor, selectBankRefusal));

  if (addCard) return <AddCard actor={addCard} />;

  return (
    <div className={css.tab}>
      {!fromSettings && (
        <section className={css.tab} aria-labelledby="payment-options-title">
          <h2 id="payment-options-title" className={css.title}>
            Choose Payment Options
          </h2>
          <fieldset className={css.options}>
            <legend className={css.visuallyHidden}>Payment options</legend>
            {paymentOptions.map((option) => (
              <label key={option.mode} className={css.option}>
                <input
                  type="radio"
                  name="payment-option"
                  value={option.mode}
                  checked={mode === option.mode}
                  onChange={() => actor.send({ type: 'payment.option.choose', mode: option.mode })}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          <fieldset className={css.banks}>
            <legend className={css.bankTitle}>{bankMessages.title}</legend>
            {bankRefusal && (
              <p className={css.status} id="bank-refusal">
                {bankRefusal}
              </p>
            )}
            <div className={css.bankList}>
              {bankList.map((bank) => (
                <label key={bank} className={css.option}>
                  <input
                    type="radio"
                    name="bank"
                    value={bank}
                    checked={mode === 1 && chosenBank === bank}
                    disabled={bankRefusal !== undefined}
                    aria-describedby={bankRefusal ? 'bank-refusal' : undefined}
                    onChange={() => actor.send({ type: 'bank.choose', bank })}
                  />
                  {bank}
                </label>
              ))}
            </div>
          </fieldset>
        </section>
      )}
      {mode === 2 && cards && <CardList actor={cards} fromSettings={fromSettings} />}
      {mode === 3 && options && <UpiForm actor={options} />}
      {mode === 1 && options && <BankForm actor={options} />}
      {mode === 4 && (
        <div className={css.actions}>
          {payOnDeliveryRefusal ? (
            <p className={css.status} role="alert">
              {payOnDeliveryRefusal}
            </p>
          ) : (
            <p className={css.status}>{payOnDeliveryPanel}</p>
          )}
          <button type="button" className={primaryButton} disabled={!canContinueOnDelivery} onClick={() => actor.send({ type: 'payment.continue' })}>
            Continue
          </button>
        </div>
      )}
      {onBack && (
        <div className={css.actions}>
          <button type="button" className={secondaryButton} onClick={onBack}>
            Back
          </button>
        </div>
      )}
    </div>
  );
}
