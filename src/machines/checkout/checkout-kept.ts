import { array, boolean, enums, literal, number, optional, string, type, validate, type Infer } from 'superstruct';
import { checkoutSteps, flagOfStep, noTabs, type CheckoutStep, type TabFlags } from '../../rules/checkout-flow.ts';
import { speedIds, type SpeedId } from '../../rules/delivery-speeds.ts';
import { tipPercents } from '../../rules/tips.ts';
import type { CartFlow, SpeedFlow } from './checkout-flow.types.ts';
import { sharedChoiceOf } from '../app/session-choices.ts';
import type { SessionValues } from '../app/session-values.ts';

/**
 * The shopper's checkout choices kept for a reload, or a return to the checkout, in the same tab (sessionStorage,
 * keyed by cart id): the step on screen, the address, the speed (as the speed tab shows it, before CONTINUE too: the
 * step reports each change), the payment choice, the tip and the gift. A saved card is kept by its id only; a fresh
 * card token and a bank account never are (nor any card number or CVV, which the checkout never holds). On a reload
 * the checkout opens the furthest step the kept choices still reach (resumeStep); the steps then check them as always
 * (a gone address or card is dropped with its message; a speed, shop or date no longer offered, by openingChoice).
 */

/** The browser storage the choices live in (sessionStorage in the page); a getter, as reading it may throw. */
export type CheckoutStorage = () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const keptChoicesKey = (cartId: string) => `meat-and-fish.checkout.${cartId}`;

const keptAddress = type({
  id: number(),
  type: string(),
  name: string(),
  firstname: string(),
  lastname: string(),
  street_1: string(),
  street_2: string(),
  city: string(),
  state: string(),
  country: string(),
  zipcode: string(),
  phone: string(),
  defaultAddress: enums(['1', '0']),
  isPrimary: boolean(),
  address_1: string(),
  address_2: string(),
});

const keptSpeed = type({
  selectedSpeedID: enums(Object.values(speedIds)),
  selectedRetailerID: optional(number()),
  selectedShippingMethodID: optional(string()),
  shippingAmount: string(),
  deliveryFee: string(),
  deliveryDate: optional(string()),
  pickup_date: optional(string()),
  deliveryDays: optional(array(string())),
});

/** Card (a saved card's id, or nothing to pay), UPI, Payment on Delivery: never a token or a bank account. */
const keptPayment = type({
  payment_mode: enums([2, 3, 4] as const),
  card_id: optional(number()),
  customer_stripe_id: optional(string()),
  card_info: optional(string()),
  billing_address_id: optional(number()),
  payment_method: optional(literal('stripe_payments')),
  upi_address: optional(string()),
});

const keptChoices = type({
  step: enums(checkoutSteps),
  address: optional(keptAddress),
  speed: optional(keptSpeed),
  payment: optional(keptPayment),
  tipPercent: enums(tipPercents),
  isGift: boolean(),
  giftMessage: string(),
  /**
   * Walk 6 #4: the area and Delivery Options choice they were made under (sharedChoiceOf): under another (changed in
   * another tab since), a Delivery speed kept for a cart now on Dine-In, they are not used.
   */
  choice: optional(string()),
});
export type KeptChoices = Infer<typeof keptChoices>;
type KeptPayment = Infer<typeof keptPayment>;

/** What of the flow a reload may keep: a payment only when it can be chosen again as it is. */
function keptPaymentOf(flow: CartFlow): KeptPayment | undefined {
  const mode = flow.payment_mode;
  if (mode === 4) return { payment_mode: 4 };
  if (mode === 3 && flow.upi_address) return { payment_mode: 3, upi_address: flow.upi_address };
  if (mode !== 2) return undefined;
  // A fresh card's one-time token is not kept: the shopper chooses the card again.
  if (flow.card_id === undefined) return flow.card_token ? undefined : { payment_mode: 2 };
  return {
    payment_mode: 2,
    card_id: flow.card_id,
    customer_stripe_id: flow.customer_stripe_id,
    card_info: flow.card_info,
    billing_address_id: flow.billing_address_id,
    payment_method: flow.payment_method,
  };
}

/** The speed the flow holds (chosen on the speed tab, continued or not), none before one is chosen. */
export function speedFlowOf(flow: CartFlow): (SpeedFlow & { selectedSpeedID: SpeedId }) | undefined {
  const speedId = flow.selectedSpeedID;
  if (speedId === undefined) return undefined;
  return {
    selectedSpeedID: speedId,
    selectedRetailerID: flow.selectedRetailerID,
    selectedShippingMethodID: flow.selectedShippingMethodID,
    shippingAmount: flow.shippingAmount,
    deliveryFee: flow.deliveryFee,
    deliveryDate: flow.deliveryDate,
    pickup_date: flow.pickup_date,
    deliveryDays: flow.deliveryDays,
  };
}

export function keptChoicesOf(step: CheckoutStep, flow: CartFlow): KeptChoices {
  return {
    step,
    address: flow.selectedAddress,
    speed: speedFlowOf(flow),
    payment: keptPaymentOf(flow),
    tipPercent: flow.tipPercent,
    isGift: flow.isGift,
    giftMessage: flow.giftMessage,
  };
}

/**
 * The step a reload opens: the one the shopper was on, or the furthest before it the kept choices reach (the speed
 * needs the address, payment the speed, the face step and the summary a payment); a pick-up, dine-in or wallet cart
 * starts at payment. Undefined without kept choices.
 */
export function resumeStep(kept: KeptChoices | undefined, cardFirst: boolean): CheckoutStep | undefined {
  if (!kept) return undefined;
  const placed = cardFirst || (kept.address !== undefined && kept.speed !== undefined);
  const reaches: Record<CheckoutStep, boolean> = {
    address: !cardFirst,
    speed: !cardFirst && kept.address !== undefined,
    card: placed,
    face: placed && kept.payment !== undefined,
    checkout: placed && kept.payment !== undefined,
  };
  const upTo = checkoutSteps.slice(0, checkoutSteps.indexOf(kept.step) + 1);
  return upTo.filter((step) => reaches[step]).at(-1) ?? (cardFirst ? 'card' : 'address');
}

/** The tabs a reload on `step` opens: the steps before it the shopper had passed (not the face step) and its own. */
export function flagsResumedAt(step: CheckoutStep, cardFirst: boolean): TabFlags {
  const passed: readonly CheckoutStep[] = cardFirst ? ['card'] : ['address', 'speed', 'card'];
  const index = checkoutSteps.indexOf(step);
  const flags = { ...noTabs, [flagOfStep[step]]: true };
  for (const s of passed) if (checkoutSteps.indexOf(s) < index) flags[flagOfStep[s]] = true;
  return flags;
}

/** The flow with the kept choices the step a reload opens can use (the rest is chosen again). */
export function flowResumedAt(flow: CartFlow, kept: KeptChoices, step: CheckoutStep): CartFlow {
  const at = checkoutSteps.indexOf(step);
  // From the speed step on: the speed step itself opens with the kept speed, shop and date preselected.
  const speed = at >= checkoutSteps.indexOf('speed') && kept.speed ? kept.speed : undefined;
  const payment = at >= checkoutSteps.indexOf('face') ? kept.payment : undefined;
  return {
    ...flow,
    selectedAddress: kept.address ?? flow.selectedAddress,
    // The delivery days are the cart's as read when the checkout opened (walk 9 #4), never those kept with the speed.
    ...(speed ? { ...speed, deliveryDays: flow.deliveryDays } : {}),
    ...(payment ? { ...payment, card_token: payment.payment_mode === 2 ? '' : undefined } : {}),
    tipPercent: kept.tipPercent,
    isGift: kept.isGift,
    giftMessage: kept.giftMessage,
  };
}

/**
 * CHECKOUT pressed on the cart starts the checkout again (spec "Checkout gating": it enables the address tab and goes
 * to /cart/address; walk 9 #4: it went straight back to the summary or the payment tab of the checkout before, with
 * that checkout's speed and dates). What the shopper chose that does not depend on the cart stays for the new walk
 * (the address, the tip and the gift); the speed, its dates and the payment are chosen again, in order.
 */
export function restartKeptChoices(storage: CheckoutStorage, cartId: string | undefined): void {
  const kept = readKeptChoices(storage, cartId);
  if (!kept || !cartId) return;
  const { speed: _speed, payment: _payment, ...rest } = kept;
  try {
    storage().setItem(keptChoicesKey(cartId), JSON.stringify({ ...rest, step: 'address' }));
  } catch {
    // Private mode or a full storage: nothing was kept to restart from.
  }
}

/**
 * The choices kept for this cart, read back through the struct (storage is outside our control); with `choice` (the
 * session's sharedChoiceOf), only those made under it.
 */
export function readKeptChoices(storage: CheckoutStorage, cartId: string | undefined, choice?: string): KeptChoices | undefined {
  if (!cartId) return undefined;
  try {
    const raw = storage().getItem(keptChoicesKey(cartId));
    if (!raw) return undefined;
    const [invalid, kept] = validate(JSON.parse(raw) as unknown, keptChoices);
    if (invalid || (choice !== undefined && kept.choice !== choice)) return undefined;
    return kept;
  } catch {
    return undefined;
  }
}

/** The choices this tab kept for the session's cart, made under its delivery option of now (the checkout page's read). */
export function readKeptChoicesFor(storage: CheckoutStorage, values: SessionValues): KeptChoices | undefined {
  return readKeptChoices(storage, values.cart_id, sharedChoiceOf(values));
}

/** What the keeper reads of the checkout's snapshots (the checkout actor, without importing its machine here). */
interface CheckoutSnapshotLike {
  context: { cartId: string; step: CheckoutStep; flow: CartFlow; session: { getSnapshot(): { context: SessionValues } } };
  matches(value: { flow: CheckoutStep | 'placed' | 'leftBehind' }): boolean;
}

/**
 * Keeps the checkout's choices in storage as they change, from the moment a step is open (the cart's lines read);
 * forgets them once the order is placed, or the checkout was left behind (another delivery option, the session's end).
 * Each is kept with the choice it was made under. Returns the unsubscribe.
 */
export function keepCheckoutChoices(
  actor: { subscribe(listener: (snapshot: CheckoutSnapshotLike) => void): { unsubscribe(): void } },
  storage: CheckoutStorage,
): () => void {
  let last: string | undefined;
  const subscription = actor.subscribe((snapshot) => {
    const { cartId, step, flow } = snapshot.context;
    if (!cartId) return;
    try {
      if (snapshot.matches({ flow: 'placed' }) || snapshot.matches({ flow: 'leftBehind' })) {
        storage().removeItem(keptChoicesKey(cartId));
        return;
      }
      if (!checkoutSteps.some((s) => snapshot.matches({ flow: s }))) return;
      const text = JSON.stringify({ ...keptChoicesOf(step, flow), choice: sharedChoiceOf(snapshot.context.session.getSnapshot().context) });
      if (text === last) return;
      storage().setItem(keptChoicesKey(cartId), text);
      last = text;
    } catch {
      // Private mode or a full storage: the checkout still works, without surviving a reload.
    }
  });
  return () => subscription.unsubscribe();
}
