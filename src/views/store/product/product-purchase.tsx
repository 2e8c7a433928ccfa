import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Link, useNavigate } from 'react-router-dom';
import type { ProductSize } from '../../../api/contract/product.contract.ts';
import { addToCartMachine, selectChoicesEditable, selectQty, selectSelection } from '../../../machines/store/index.ts';
import { lineEstimate } from '../../../rules/catch-weight.ts';
import { dollarsToCents, formatMoney } from '../../../rules/money.ts';
import { selectableSizes, selectedPrice, speedsForSize } from '../../../rules/product-options.ts';
import { quantityOptions } from '../../../rules/quantity.ts';
import { ageRestrictedNotice, guestAgeRestrictedRefusal } from '../../../rules/age-restricted-product.ts';
import { somethingWentWrongMessage } from '../../../rules/messages.ts';
import { formatSize, type SizeUnit } from '../../../rules/sizes.ts';
import { speedName } from '../../../rules/speeds.ts';
import { primaryButton } from '../../../styles/controls.css.ts';
import { useAppActors, useNotify, useSessionValue } from '../../app-context.tsx';
import { DropdownSelect } from '../../controls/dropdown-select.tsx';
import { AgeRestrictedMark, AgeRestrictedNotice } from '../age-restricted.tsx';
import * as css from './product-page.css.ts';

export type AddToCartActor = ActorRefFrom<typeof addToCartMachine>;

/** The machine with the page's navigation and toasts plugged in. */
export function useAddToCartActor(sizes: readonly ProductSize[], ageRestricted = false, preferredLocId?: number): AddToCartActor {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const notify = useNotify();
  const machine = useMemo(
    () =>
      addToCartMachine.provide({
        actions: {
          goToGuestRegister: () => navigate('/guest/register'),
          goToCart: () => navigate('/cart'),
          notifyRefusal: ({ context }) => notify.toast('error', context.message ?? somethingWentWrongMessage),
        },
      }),
    [navigate, notify],
  );
  return useActorRef(machine, { input: { session, sizes, ageRestricted, preferredLocId } });
}

/**
 * SELECT SIZE, SPEED, QUANTITY, the price and ADD TO CART: renders the add-to-cart machine. Sizes read in the
 * product's unit (grams, or ml for drinks); an age-restricted product says beside the button that identity
 * verification is needed, unless the customer is verified (place order enforces it on the server).
 */
export function ProductPurchase({
  actor,
  sizes,
  sizeUnit = 'g',
  ageRestricted = false,
  soldByWeight = false,
}: {
  actor: AddToCartActor;
  sizes: readonly ProductSize[];
  sizeUnit?: SizeUnit;
  ageRestricted?: boolean;
  soldByWeight?: boolean;
}) {
  const selection = useSelector(actor, selectSelection, shallowSelection);
  const qty = useSelector(actor, selectQty);
  const adding = useSelector(actor, (s) => s.matches('adding'));
  const canAdd = useSelector(actor, (s) => s.can({ type: 'cart.add' }));
  const editable = useSelector(actor, selectChoicesEditable);
  const accountNeeded = useSelector(actor, (s) => s.matches('accountNeeded'));
  const size = sizes.find((s) => s.id === selection.sizeId);
  const price = selectedPrice(size, selection);
  // Sign-in's verification_id: the customer's identity is verified, so the notice does not ask them to verify.
  const verified = Boolean(useSessionValue('verification_id'));

  return (
    <div className={css.purchase}>
      <div className={css.choices}>
        <DropdownSelect
          label="SELECT SIZE"
          options={selectableSizes(sizes).map((s) => ({ value: s.id, label: s.bottle_size > 0 ? formatSize(s.bottle_size, sizeUnit) : 'One size' }))}
          value={selection.sizeId}
          disabled={!editable}
          onChange={(sizeId) => actor.send({ type: 'size.select', sizeId })}
        />
        <DropdownSelect
          label="SPEED"
          options={speedsForSize(size).map((speed) => ({ value: speed, label: speedName(speed) }))}
          value={selection.speed}
          placeholder="Not available here"
          disabled={!editable}
          onChange={(speed) => actor.send({ type: 'speed.select', speed })}
        />
        <DropdownSelect
          label="QUANTITY"
          options={quantityOptions.map((n) => ({ value: n, label: String(n) }))}
          value={qty}
          disabled={!editable}
          onChange={(n) => actor.send({ type: 'qty.select', qty: n })}
        />
      </div>
      {price !== undefined && (
        <p className={css.price} aria-label="Price">
          {formatMoney(price)}
        </p>
      )}
      {price !== undefined && soldByWeight && size !== undefined && size.bottle_size > 0 && (
        <p className={css.ageNotice} data-testid="weight-estimate">
          {lineEstimate({
            sold_by_weight: true,
            bottle_size: size.bottle_size,
            qty,
            rowTotalCents: (dollarsToCents(price) ?? 0) * qty,
            // The chosen speed's words: a restaurant's Dine-In steak is served, not packed (walk 7 #5).
            type: selection.speed,
          })}
        </p>
      )}
      {ageRestricted && (
        <p className={css.ageNotice}>
          <AgeRestrictedMark /> <AgeRestrictedNotice text={ageRestrictedNotice(verified)} />
        </p>
      )}
      <button
        type="button"
        className={`${primaryButton} ${css.addButton}`}
        disabled={!canAdd || adding}
        onClick={() => actor.send({ type: 'cart.add' })}
      >
        {canAdd || adding ? (adding ? 'ADDING…' : 'ADD TO CART') : 'OUT OF STOCK'}
      </button>
      {accountNeeded && (
        <p className={css.ageNotice} role="alert">
          {guestAgeRestrictedRefusal} <Link to="/createAccount">Create Account</Link> · <Link to="/kyc">Verify your identity</Link>
        </p>
      )}
    </div>
  );
}

function shallowSelection(
  a: { sizeId?: number | undefined; speed?: string | undefined; vendorLocId?: number | undefined },
  b: { sizeId?: number | undefined; speed?: string | undefined; vendorLocId?: number | undefined },
): boolean {
  return a.sizeId === b.sizeId && a.speed === b.speed && a.vendorLocId === b.vendorLocId;
}
