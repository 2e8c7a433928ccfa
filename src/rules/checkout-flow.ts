import { centsToDollars, dollarsToCents, formatMoney } from './money.ts';
import { driverSubtotalCents, isTipAllowed, tipCents, type TipPercent } from './tips.ts';
import { isLineOrderable, type StockedLine } from './cart-checkout.ts';

/**
 * The checkout tabs (spec "Checkout tabs", DESIGN.md "checkout tabs machine"): pure helpers the checkout machine and
 * its views share.
 */

/**
 * The steps in order. The three tabs (location, payment, summary) hold five steps: speed sits between address and
 * card, face between card and summary. A step is added here and as one state of the machine; the others stay as
 * they are (the face step is skipped while isFaceRequired is false).
 */
export const checkoutSteps = ['address', 'speed', 'card', 'face', 'checkout'] as const;
export type CheckoutStep = (typeof checkoutSteps)[number];

/** The three tabs the spec shows, with their icons' labels. */
export const checkoutTabs = [
  { value: 'address', icon: 'location', steps: ['address', 'speed'] },
  { value: 'card', icon: 'payment', steps: ['card', 'face'] },
  { value: 'checkout', icon: 'summary', steps: ['checkout'] },
] as const satisfies readonly { value: CheckoutStep; icon: string; steps: readonly CheckoutStep[] }[];

export type CheckoutTab = (typeof checkoutTabs)[number]['value'];

export function tabOfStep(step: CheckoutStep): CheckoutTab {
  return checkoutTabs.find((tab) => (tab.steps as readonly CheckoutStep[]).includes(step))?.value ?? 'address';
}

/** The spec's tab flags: a step may be shown only while its flag is set. */
export interface TabFlags {
  isAddressTab: boolean;
  isSpeedTab: boolean;
  isCardTab: boolean;
  isFaceTab: boolean;
  isSummaryTab: boolean;
}

export const flagOfStep: Record<CheckoutStep, keyof TabFlags> = {
  address: 'isAddressTab',
  speed: 'isSpeedTab',
  card: 'isCardTab',
  face: 'isFaceTab',
  checkout: 'isSummaryTab',
};

export const noTabs: TabFlags = { isAddressTab: false, isSpeedTab: false, isCardTab: false, isFaceTab: false, isSummaryTab: false };

/** Entering a step opens it and every step before it that was open; later steps close (they must be reached again). */
export function flagsOnEntering(current: TabFlags, step: CheckoutStep): TabFlags {
  const index = checkoutSteps.indexOf(step);
  const next: TabFlags = { ...current };
  checkoutSteps.forEach((s, i) => {
    if (i > index) next[flagOfStep[s]] = false;
  });
  next[flagOfStep[step]] = true;
  return next;
}

// ---------------------------------------------------------------- addresses

/** What the address cards need of a server address (structurally the contract's ServerAddress). */
export interface ServerAddressLike {
  address_id: number;
  address_nickname: string;
  name: string;
  firstname: string;
  lastname: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  country: string;
  zipcode: string;
  telephone: string;
  default_address: '1' | '0';
  address_type: 'shipping' | 'billing';
}

/** The spec's UI shipping address. */
export interface ShippingAddress {
  id: number;
  type: string;
  name: string;
  firstname: string;
  lastname: string;
  street_1: string;
  street_2: string;
  city: string;
  state: string;
  country: string;
  zipcode: string;
  phone: string;
  defaultAddress: '1' | '0';
  isPrimary: boolean;
  address_1: string;
  address_2: string;
}

export function toShippingAddress(a: ServerAddressLike): ShippingAddress {
  return {
    id: a.address_id,
    type: a.address_nickname,
    name: a.name,
    firstname: a.firstname,
    lastname: a.lastname,
    street_1: a.street1,
    street_2: a.street2,
    city: a.city,
    state: a.state,
    country: a.country,
    zipcode: a.zipcode,
    phone: a.telephone,
    defaultAddress: a.default_address,
    isPrimary: a.default_address === '1',
    address_1: a.street2 ? `${a.street1}, ${a.street2}` : a.street1,
    address_2: `${a.city}, ${a.state} ${a.zipcode}`,
  };
}

/** Only shipping records, the primary first (spec section 3). */
export function shippingAddressesOf(list: readonly ServerAddressLike[]): ShippingAddress[] {
  const shipping = list.filter((a) => a.address_type === 'shipping').map(toShippingAddress);
  return [...shipping.filter((a) => a.isPrimary), ...shipping.filter((a) => !a.isPrimary)];
}

// ---------------------------------------------------------------- tips and messages

/**
 * The item subtotal (dollars) the driver tip is taken over, from the summary's lines: the Same Day lines the driver
 * brings (driverSubtotalCents, the server's own rule).
 */
export function driverSubtotal(lines: readonly (StockedLine & { type: string; row_total: string })[]): string {
  // A line sold out since CHECKOUT is out of the server's totals, and so of the tip (decision 088 left).
  const groups = lines
    .filter(isLineOrderable)
    .map((line) => ({ speed: line.type, subtotalCents: dollarsToCents(line.row_total) ?? 0, wallet: line.wallet }));
  return centsToDollars(driverSubtotalCents(groups));
}

/**
 * What the tip buttons add under 'Driver tip' in a mixed cart, where the tip is not over the whole subtotal: which
 * items it is a percentage of. Undefined when the driver brings every item (a one-seller cart reads as before).
 */
export function driverTipNote(lines: Parameters<typeof driverSubtotal>[0], subtotal: string): string | undefined {
  const driven = driverSubtotal(lines);
  return dollarsToCents(driven) === dollarsToCents(subtotal) ? undefined : `A percentage of the items the driver brings (${formatMoney(driven)}).`;
}

/** The driver tip in dollars for the tip buttons: percent of the subtotal given, to the cent; '0.00' unless speed 1. */
export function tipAmount(subtotal: string, percent: TipPercent, speedId: number | undefined): string {
  const cents = dollarsToCents(subtotal);
  if (cents === undefined || cents < 0 || speedId === undefined || !isTipAllowed(speedId)) return '0.00';
  return centsToDollars(tipCents(cents, percent));
}

export const checkoutMessages = {
  placed: 'Order Placed.',
  placeOrderFailed: 'something went wrong while placing the order',
  internalError: 'internal server error occured',
  faceTitle: 'Verify Yourself Before Placing An Order',
} as const;

/**
 * The face step is needed exactly when the cart holds an age-restricted line (a drink): only a verified customer with
 * a fresh face check may order one (issue 11; the server's place order enforces the same rule).
 */
export function isFaceCheckRequired(lines: readonly { age_restricted: boolean }[]): boolean {
  return lines.some((line) => line.age_restricted);
}

/** The spec's snackbar lifetime in checkout. */
export const checkoutSnackbarMs = 4000;

/** What a place-order reply means for the shopper. */
/** The cart a placed order's answer names: the shopper goes on with it (its id and how many items it holds). */
export interface NextCart {
  cartId: string;
  totalItems: number;
  /** Lines kept aside that came back capped at their offer's stock (the answer's cart_changes). */
  changes?: readonly KeptLineCapped[] | undefined;
}

/** A line kept aside that came back to the next cart with less than it held: wanted, and what the cart holds now. */
export interface KeptLineCapped {
  name: string;
  size: string;
  wanted: number;
  qty: number;
}

/** 'Kept aside, back in your cart with less: Ribeye, 1 lb: 2 instead of 5 (the most we can sell).' (our words, as sign-in's merge says it). */
export function keptBackCappedMessage(changes: readonly KeptLineCapped[]): string | undefined {
  if (changes.length === 0) return undefined;
  const lines = changes.map((c) => `${c.name}, ${c.size}: ${c.qty} instead of ${c.wanted}`).join('; ');
  return `What you kept aside is back in your cart, but not all of it: ${lines} (the most we can sell).`;
}

export type PlaceOrderOutcome =
  /** awaitsEmailConfirmation: pay on delivery from an email not confirmed yet (the order stands once the mailed link is used). */
  /** awaitsBankPayment: paid by bank, the debit still clearing (the order waits as pending until it does). */
  /** nextCart: the cart the shopper goes on with (the lines kept aside for another zip or option moved there). */
  | { kind: 'placed'; orderId: string; awaitsEmailConfirmation?: true; awaitsBankPayment?: true; nextCart?: NextCart }
  | { kind: 'declined'; orderId: string; message: string }
  | { kind: 'authenticate'; orderId: string; clientSecret: string; gateway: 'test' | 'stripe' }
  | { kind: 'refused'; message: string };

export function placeOrderOutcome(reply: {
  code: number;
  message?: string | undefined;
  order_id?: string | undefined;
  status?: string | undefined;
  authentication?: { client_secret: string; gateway: 'test' | 'stripe' } | undefined;
  next_cart?: { cart_id: string; total_items_count: number; cart_changes?: KeptLineCapped[] | undefined } | undefined;
}): PlaceOrderOutcome {
  if (reply.code === 1 && reply.order_id) {
    const next = reply.next_cart;
    return {
      kind: 'placed',
      orderId: reply.order_id,
      ...(reply.status === 'awaiting_confirmation' ? { awaitsEmailConfirmation: true as const } : {}),
      ...(reply.status === 'pending_payment' ? { awaitsBankPayment: true as const } : {}),
      ...(next && next.cart_id !== ''
        ? {
            nextCart: {
              cartId: next.cart_id,
              totalItems: next.total_items_count,
              ...(next.cart_changes?.length ? { changes: next.cart_changes } : {}),
            },
          }
        : {}),
    };
  }
  // The bank asks for a check (3-D Secure) before the payment completes.
  if (reply.code === 2 && reply.order_id && reply.authentication) {
    return { kind: 'authenticate', orderId: reply.order_id, clientSecret: reply.authentication.client_secret, gateway: reply.authentication.gateway };
  }
  if (reply.code === -1 && reply.order_id)
    return { kind: 'declined', orderId: reply.order_id, message: reply.message || checkoutMessages.placeOrderFailed };
  return { kind: 'refused', message: reply.message || checkoutMessages.placeOrderFailed };
}
