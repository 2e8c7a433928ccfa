import { useSelector } from '@xstate/react';
import { selectAddressStep, selectChosenAddressId, selectShippingAddresses, type CheckoutAddressActor } from '../../machines/checkout/index.ts';
import { primaryButton } from '../../styles/controls.css.ts';
import { AddressForm } from './address-form.tsx';
import { CheckoutActorContext } from './checkout-context.ts';
import * as css from './checkout.css.ts';

/** The address step's actor while the step is open. */
export function AddressStep() {
  const actor = CheckoutActorContext.useSelector(selectAddressStep);
  return actor ? <AddressList actor={actor} /> : null;
}

/** 'Select a Shipping Address': the saved addresses, 'ADD NEW ADDRESSES' and 'SAVE & CONTINUE'. */
function AddressList({ actor }: { actor: CheckoutAddressActor }) {
  const adding = useSelector(actor, (s) => s.matches('adding'));
  const loading = useSelector(actor, (s) => s.matches('loading') || s.matches('checking'));
  const addresses = useSelector(actor, selectShippingAddresses);
  const chosenId = useSelector(actor, selectChosenAddressId);
  const canContinue = useSelector(actor, (s) => s.can({ type: 'address.continue' }));

  if (adding) return <AddressForm actor={actor} />;
  return (
    <section className={css.panel} aria-labelledby="address-title">
      <div className={css.page}>
        <h2 id="address-title" className={css.title}>
          Select a Shipping Address
        </h2>
        {loading ? (
          <p className={css.status} role="status">
            Loading your addresses…
          </p>
        ) : (
          <ul className={css.cards} aria-label="Shipping addresses">
            {addresses.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className={a.id === chosenId ? css.card.chosen : css.card.plain}
                  aria-pressed={a.id === chosenId}
                  aria-label={`${a.type}: ${a.name}, ${a.address_1}, ${a.address_2}`}
                  onClick={() => actor.send({ type: 'address.choose', id: a.id })}
                >
                  <span className={css.nickname}>{a.type}</span>
                  <strong>{a.name}</strong>
                  <span>{a.address_1}</span>
                  <span>{a.address_2}</span>
                  <span>{a.phone}</span>
                </button>
              </li>
            ))}
            <li>
              <button type="button" className={css.card.add} onClick={() => actor.send({ type: 'address.form.toggle' })}>
                ADD NEW ADDRESSES
              </button>
            </li>
          </ul>
        )}
        <div className={css.actions}>
          <button type="button" className={primaryButton} disabled={!canContinue} onClick={() => actor.send({ type: 'address.continue' })}>
            SAVE &amp; CONTINUE
          </button>
        </div>
      </div>
    </section>
  );
}
