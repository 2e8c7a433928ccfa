import type { Kysely, Selectable } from 'kysely';
import type { SavedCardData, SavedPaymentMethod } from '../../../src/api/contract/payment.contract.ts';
import { cardBrandNames } from '../../../src/rules/card-validation.ts';
import { PaymentGatewayError, type PaymentGateway, type SavedCard } from '../../adapters/payments/payment-port.ts';
import type { Database, PaymentMethodsTable } from '../../db/schema.ts';
import { findOwnAddress } from '../accounts/addresses.ts';
import type { Caller } from '../platform/caller.ts';
import { closedCartNotFound, findOwnCart } from '../cart/carts.ts';

/**
 * Saved cards. The provider holds the card; this table holds its id and what a preview shows (brand, last four,
 * expiry, holder), scoped to the customer and to the gateway in use (test cards are not offered to Stripe).
 */
export type CardRow = Selectable<PaymentMethodsTable>;

function brandName(brand: string): string {
  const known = Object.entries(cardBrandNames).find(([key]) => key === brand);
  return known ? known[1] : brand.charAt(0).toUpperCase() + brand.slice(1);
}

export function toSavedPaymentMethod(row: CardRow): SavedPaymentMethod {
  return {
    id: row.id,
    customer_stripe_id: row.gateway_customer_id,
    card_info: `${brandName(row.brand)} ending in ${row.last4}`,
    card_no: row.last4,
    brand: row.brand,
    name: row.holder_name,
    card_exp_month: row.exp_month,
    card_exp_year: row.exp_year,
    address: { billing_address_id: row.billing_address_id },
  };
}

export async function listSavedCards(db: Kysely<Database>, gateway: PaymentGateway['kind'], customerId: number): Promise<SavedPaymentMethod[]> {
  const rows = await db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toSavedPaymentMethod);
}

/**
 * The caller's cards for checkout's payment step (or the account page, without a cart). A cart id, when sent, must
 * be the caller's open cart: else why not (closedCartNotFound: named when it was ordered meanwhile).
 */
export async function savedCardsForCart(
  db: Kysely<Database>,
  gateway: PaymentGateway['kind'],
  caller: Caller,
  cartId: string | null | undefined,
): Promise<{ cards: SavedPaymentMethod[] } | { notFound: { what: string; field?: string } }> {
  if (cartId && !(await findOwnCart(db, cartId, caller))) return { notFound: await closedCartNotFound(db, cartId, caller) };
  return { cards: await listSavedCards(db, gateway, caller.customerId) };
}

export async function findOwnCard(
  db: Kysely<Database>,
  gateway: PaymentGateway['kind'],
  customerId: number,
  cardId: number,
): Promise<CardRow | undefined> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('id', '=', cardId)
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .executeTakeFirst();
}

/** The customer's record at the provider, made on first use. */
export async function gatewayCustomer(db: Kysely<Database>, payments: PaymentGateway, customerId: number): Promise<string> {
  const find = () =>
    db
      .selectFrom('payment_customers')
      .select('gateway_customer_id')
      .where('customer_id', '=', customerId)
      .where('gateway', '=', payments.kind)
      .executeTakeFirst();
  const known = await find();
  if (known) return known.gateway_customer_id;
  const customer = await db
    .selectFrom('customers')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const ref = await payments.createCustomer({ customerId, email: customer.email, name: `${customer.first_name} ${customer.last_name}`.trim() });
  // Two first card saves at once: the first row wins and both use it (Stripe's idempotency key made one customer anyway).
  await db
    .insertInto('payment_customers')
    .values({ customer_id: customerId, gateway: payments.kind, gateway_customer_id: ref })
    .onConflict((oc) => oc.columns(['customer_id', 'gateway']).doNothing())
    .execute();
  const stored = await find();
  return stored?.gateway_customer_id ?? ref;
}

/** A provider that could not be reached (or failed) leaves the outcome unknown: the shopper is asked to try again. */
export interface ProviderUnreachable {
  kind: 'unreachable';
  error: PaymentGatewayError;
}

/** Runs a card call, answering a provider failure as ProviderUnreachable instead of throwing it. */
async function unlessUnreachable<T>(call: () => Promise<T>): Promise<T | ProviderUnreachable> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return { kind: 'unreachable', error };
  }
}

export type SaveCardOutcome =
  { kind: 'saved'; card: SavedCardData } | { kind: 'refused'; message: string } | { kind: 'not-found' } | ProviderUnreachable;

interface CardToSave {
  token: string;
  billingAddressId: number;
  holder: string | undefined;
}

/** The add-card sequence's last step: attach the tokenised card to the customer and remember its preview. */
export function saveCard(db: Kysely<Database>, payments: PaymentGateway, customerId: number, input: CardToSave): Promise<SaveCardOutcome> {
  return unlessUnreachable(() => attachCard(db, payments, customerId, input));
}

async function attachCard(db: Kysely<Database>, payments: PaymentGateway, customerId: number, input: CardToSave): Promise<SaveCardOutcome> {
  const billing = await findOwnAddress(db, customerId, input.billingAddressId);
  if (!billing) return { kind: 'not-found' };
  const customerRef = await gatewayCustomer(db, payments, customerId);
  const result = await payments.saveCard({ customerRef, token: input.token });
  if (!result.ok) return { kind: 'refused', message: result.message };
  const holder = (input.holder ?? '').trim() || `${billing.first_name} ${billing.last_name}`.trim();
  // One row per card (migration 044's unique index): a card already saved, even by a save at this same instant, is
  // reused rather than inserted again.
  const inserted = await db
    .insertInto('payment_methods')
    .values({
      customer_id: customerId,
      gateway: payments.kind,
      gateway_customer_id: customerRef,
      gateway_method_id: result.card.ref,
      brand: result.card.brand,
      last4: result.card.last4,
      exp_month: result.card.expMonth,
      exp_year: result.card.expYear,
      holder_name: holder,
      billing_address_id: billing.id,
    })
    .onConflict((oc) => oc.columns(sameCardColumns).doNothing())
    .returningAll()
    .executeTakeFirst();
  const row =
    inserted ??
    (await reuseSavedCard(db, payments, await sameSavedCard(db, payments.kind, customerId, result.card), result.card.ref, {
      holder_name: holder,
      billing_address_id: billing.id,
    }));
  return {
    kind: 'saved',
    card: {
      id: row.id,
      customer: customerRef,
      metadata: { address_id: row.billing_address_id },
      brand: row.brand,
      last4: row.last4,
      exp_month: row.exp_month,
      exp_year: row.exp_year,
    },
  };
}

/**
 * What makes two saved cards the same card: the customer, the gateway, and the brand, last four and expiry as the
 * provider gives them (walk 5: saving a card twice listed it twice, with nothing to tell the two apart). Migration
 * 044's unique index is on these columns.
 */
const sameCardColumns = ['customer_id', 'gateway', 'brand', 'last4', 'exp_month', 'exp_year'] as const;

/** The customer's saved card that is the one just attached (the insert met it on sameCardColumns). */
function sameSavedCard(db: Kysely<Database>, gateway: PaymentGateway['kind'], customerId: number, card: SavedCard): Promise<CardRow> {
  return db
    .selectFrom('payment_methods')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('gateway', '=', gateway)
    .where('brand', '=', card.brand)
    .where('last4', '=', card.last4)
    .where('exp_month', '=', card.expMonth)
    .where('exp_year', '=', card.expYear)
    .executeTakeFirstOrThrow();
}

/**
 * Saving a card already saved keeps the one card, as stores do (the shopper meant this card: checkout goes on with it,
 * nothing to choose between), with the holder and billing address just typed, the newest. The provider's second copy
 * is detached; if the provider cannot be reached for that, the copy stays there unused (nothing lists it to the shopper).
 */
async function reuseSavedCard(
  db: Kysely<Database>,
  payments: PaymentGateway,
  saved: CardRow,
  duplicateRef: string,
  typed: Pick<CardRow, 'holder_name' | 'billing_address_id'>,
): Promise<CardRow> {
  if (duplicateRef !== saved.gateway_method_id) {
    try {
      await payments.removeCard({ customerRef: saved.gateway_customer_id, cardRef: duplicateRef });
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
    }
  }
  return db.updateTable('payment_methods').set(typed).where('id', '=', saved.id).returningAll().executeTakeFirstOrThrow();
}

/** Detaches the card at the provider, then forgets it; orders keep their own copy of brand and last four. */
export function removeCard(
  db: Kysely<Database>,
  payments: PaymentGateway,
  customerId: number,
  cardId: number,
): Promise<{ kind: 'removed' } | { kind: 'not-found' } | ProviderUnreachable> {
  return unlessUnreachable(async () => {
    const card = await findOwnCard(db, payments.kind, customerId, cardId);
    if (!card) return { kind: 'not-found' } as const;
    await payments.removeCard({ customerRef: card.gateway_customer_id, cardRef: card.gateway_method_id });
    await db.deleteFrom('payment_methods').where('id', '=', card.id).where('customer_id', '=', customerId).execute();
    return { kind: 'removed' } as const;
  });
}
