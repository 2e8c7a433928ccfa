import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { CardTab, type ShippingAddressForCard } from './card/card-tab.tsx';
import type { CheckoutActor } from './checkout-page.tsx';

/** The card tab (built by the card area): what it hands over goes into the cart flow. */
export function CardStep({ actor }: { actor: CheckoutActor }) {
  const address = useSelector(actor, (s) => s.context.flow.selectedAddress);
  const cartId = useSelector(actor, (s) => s.context.cartId);
  const canGoBack = useSelector(actor, (s) => s.context.flags.isSpeedTab);
  const shippingAddress = useMemo<ShippingAddressForCard | undefined>(
    () =>
      address && {
        address_id: address.id,
        firstname: address.firstname,
        lastname: address.lastname,
        street1: address.street_1,
        street2: address.street_2,
        city: address.city,
        state: address.state,
        zipcode: address.zipcode,
        telephone: address.phone,
      },
    [address],
  );
  return (
    <CardTab
      shippingAddress={shippingAddress}
      cartId={cartId}
      onContinue={(choice) => actor.send({ type: 'card.continue', choice })}
      onBack={canGoBack ? () => actor.send({ type: 'tab.select', tab: 'speed' }) : undefined}
    />
  );
}
