import { tabStorage } from '../controls/tab-storage.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { KeptLine } from '../../api/contract/cart-page.contract.ts';
import type { ActorRefFrom } from 'xstate';
import {
  cartMachine,
  selectCalendarMessage,
  selectCart,
  selectKeptLines,
  selectKeptRemoving,
  selectCartClock,
  selectCartLoadError,
  selectCartProblems,
  selectCouponActor,
  selectCouponEditable,
  selectCouponMessage,
  selectCouponText,
  selectGroups,
  selectLinesActor,
  selectPendingLines,
} from '../../machines/cart/index.ts';
import { applyPending, checkoutHint, groupLines } from '../../rules/cart-checkout.ts';
import { emptyCartMessage, somethingWentWrongMessage } from '../../rules/messages.ts';
import { linkButton, primaryButton } from '../../styles/controls.css.ts';
import { useAppActors, useNotify, useSessionValue } from '../app-context.tsx';
import { useTabReturn } from '../layout/use-tab-return.ts';
import { CouponBox } from '../controls/coupon-box.tsx';
import * as css from './cart-page.css.ts';
import { PriceSummary } from './price-summary.tsx';
import { KeptLines } from './kept-lines.tsx';
import { VendorGroup } from './vendor-group.tsx';
import { useFocusFirstInvalid } from '../controls/use-form-focus.ts';
import { useShownMessage } from '../layout/shown-message.ts';

export type CartActor = ActorRefFrom<typeof cartMachine>;

/** The cart machine with the page's navigation and toasts plugged in. */
export function useCartActor(): CartActor {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const notify = useNotify();
  const machine = useMemo(
    () =>
      cartMachine.provide({
        actions: {
          goToAddress: () => navigate('/cart/address'),
          goToCard: () => navigate('/cart/card'),
          goToGuestRegister: () => navigate('/guest/register'),
          goToStore: () => navigate('/store'),
          notifyRefusal: ({ context }) => notify.toast('error', context.message ?? somethingWentWrongMessage),
        },
      }),
    [navigate, notify],
  );
  return useActorRef(machine, { input: { session, checkoutStorage: tabStorage } });
}

/**
 * /cart (spec "Cart page"). Keyed by the session's cart: when the cart machine learns its cart was ordered in another
 * tab it records the shopper's cart of now, and the page opens that one anew.
 */
export function CartPage() {
  const cartId = useSessionValue('cart_id') ?? '';
  return <SessionCart key={cartId} />;
}

function SessionCart() {
  const actor = useCartActor();
  useTabReturn(useCallback(() => actor.send({ type: 'cart.refresh' }), [actor]));
  return <CartScreen actor={actor} />;
}

/** Renders a cart actor: loading, failed, empty, or the cart itself. */
export function CartScreen({ actor }: { actor: CartActor }) {
  const phase = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches('empty') ? 'empty' : s.matches('failed') ? 'failed' : 'loading'));
  const loadError = useShownMessage(useSelector(actor, selectCartLoadError));
  const kept = useSelector(actor, selectKeptLines);
  const keptRemoving = useSelector(actor, selectKeptRemoving);
  const removeKept = (keptId: number) => actor.send({ type: 'cart.kept.remove', keptId });

  if (phase === 'loading') {
    return (
      <p className={css.status} role="status">
        Loading your cart…
      </p>
    );
  }
  if (phase === 'failed') {
    return (
      <div className={css.notice} role="alert">
        <span>Your cart could not be loaded. {loadError}</span>
        <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'cart.retry' })}>
          Try again
        </button>
      </div>
    );
  }
  if (phase === 'empty') {
    const emptyMessage = (
      <section className={css.empty} aria-labelledby="cart-empty-title">
        {/* Drawn, not an emoji: headless and older systems have no emoji font and show a box. */}
        <svg className={css.emptyIcon} viewBox="0 0 24 24" width="56" height="56" aria-hidden="true">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.5 2H21l-2.2 8.1a2 2 0 0 1-1.9 1.4H8.6a2 2 0 0 1-1.9-1.5L4.3 3H2V1h3.8l.4 3Z"
          />
        </svg>
        <h1 id="cart-empty-title" className={css.emptyTitle}>
          {emptyCartMessage}
        </h1>
        <button type="button" className={primaryButton} onClick={() => actor.send({ type: 'cart.shop' })}>
          Start Shopping
        </button>
      </section>
    );
    // Every line was kept for another zip: the cart is empty, but what was kept stays in sight (decision 052).
    if (kept.length === 0) return emptyMessage;
    return (
      <div className={css.emptyWithKept}>
        {emptyMessage}
        <KeptLines kept={kept} busy={keptRemoving} onRemove={removeKept} />
      </div>
    );
  }
  return <CartContents actor={actor} kept={kept} keptRemoving={keptRemoving} onRemoveKept={removeKept} />;
}

interface KeptProps {
  kept: readonly KeptLine[];
  keptRemoving: boolean;
  onRemoveKept: (keptId: number) => void;
}

function CartContents({ actor, kept, keptRemoving, onRemoveKept }: { actor: CartActor } & KeptProps) {
  const cart = useSelector(actor, selectCart);
  const lines = useSelector(actor, selectLinesActor);
  const coupon = useSelector(actor, selectCouponActor);
  const pending = useSelector(lines, selectPendingLines);
  const groups = useSelector(actor, selectGroups);
  const problems = useSelector(actor, selectCartProblems);
  const now = useSelector(actor, selectCartClock);
  const calendarMessage = useShownMessage(useSelector(actor, selectCalendarMessage));
  const couponText = useSelector(coupon, selectCouponText);
  const couponMessage = useSelector(coupon, selectCouponMessage);
  const couponBusy = useSelector(coupon, (s) => s.hasTag('busy'));
  const couponEditable = useSelector(coupon, selectCouponEditable);
  const linesBusy = useSelector(lines, (s) => s.hasTag('busy'));
  const checkingOut = useSelector(actor, (s) => !s.matches({ ready: { checkout: 'idle' } }));
  const canCheckout = useSelector(actor, (s) => s.can({ type: 'cart.checkout' }));
  const { container, submitted } = useFocusFirstInvalid<HTMLUListElement>(problems);
  const shownGroups = useMemo(() => groupLines(applyPending(cart?.result ?? [], pending)), [cart, pending]);

  if (!cart) return null;
  const hasProblems = Object.keys(problems).length > 0;
  return (
    <div className={css.page}>
      <h1 className={css.title}>Cart</h1>
      <div className={css.layout}>
        <div className={css.page}>
          {calendarMessage && (
            <div className={css.notice} role="alert">
              <span>Delivery dates could not be loaded. {calendarMessage}</span>
              <button type="button" className={linkButton} onClick={() => actor.send({ type: 'cart.calendar.retry' })}>
                Try again
              </button>
            </div>
          )}
          <ul ref={container} className={css.groups} aria-label="Items by seller">
            {shownGroups.map((group) => (
              <VendorGroup
                key={group.vendor_loc_id}
                group={group}
                delivery={cart.delivery_groups.find((g) => g.vendor_loc_id === group.vendor_loc_id)}
                groupRef={groups[group.vendor_loc_id]}
                problems={problems[group.vendor_loc_id]}
                now={now}
                onQuantity={(cartRid, qty) => actor.send({ type: 'cart.quantity.change', cartRid, qty })}
                onRemove={(cartRid) => actor.send({ type: 'cart.line.remove', cartRid })}
                cartId={cart.cart_id}
                onVisitKept={() => actor.send({ type: 'cart.refresh' })}
              />
            ))}
          </ul>
          <KeptLines kept={kept} busy={keptRemoving} onRemove={onRemoveKept} />
        </div>
        <aside className={css.aside} aria-label="Order summary">
          <div className={css.panel}>
            <CouponBox
              text={couponText}
              applied={cart.coupon_code}
              message={couponMessage}
              busy={couponBusy}
              readOnly={!couponEditable}
              onChange={(code) => actor.send({ type: 'cart.coupon.change', code })}
              onApply={() => actor.send({ type: 'cart.coupon.apply' })}
              onRemove={() => actor.send({ type: 'cart.coupon.remove' })}
            />
          </div>
          <div className={css.panel}>
            <PriceSummary cart={cart} busy={linesBusy || couponBusy} />
          </div>
          {hasProblems && (
            <p className={css.checkoutHint} role="alert">
              {checkoutHint(problems)}
            </p>
          )}
          <button
            type="button"
            className={`${primaryButton} ${css.checkout}`}
            disabled={!canCheckout}
            onClick={() => {
              actor.send({ type: 'cart.checkout' });
              submitted();
            }}
          >
            {checkingOut ? 'PLEASE WAIT…' : 'CHECKOUT'}
          </button>
        </aside>
      </div>
    </div>
  );
}
