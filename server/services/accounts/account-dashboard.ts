import type { Kysely } from 'kysely';
import type { DashboardData, DashboardIdentity, OnOff, PreferencesData } from '../../../src/api/contract/account.contract.ts';
import type { SavedPaymentMethod } from '../../../src/api/contract/payment.contract.ts';
import { identityStatusOf } from '../../../src/rules/identity-status.ts';
import { toShippingAddress } from '../../../src/rules/checkout-flow.ts';
import type { Database } from '../../db/schema.ts';
import { listAddresses } from './addresses.ts';

/**
 * The account tab's summary of one customer (spec section 3 "Account dashboard"); the caller is always the customer.
 * The saved cards come from payments, which sits above accounts (it checks a card's billing address here): the route
 * passes their read in (payments/payment-methods.ts listSavedCards), so accounts never imports payments.
 */

const onOff = (flag: boolean): OnOff => (flag ? 1 : 0);

export async function dashboardOf(
  db: Kysely<Database>,
  customerId: number,
  savedCards: () => Promise<SavedPaymentMethod[]>,
): Promise<DashboardData | undefined> {
  const customer = await db
    .selectFrom('customers')
    .select(['email', 'first_name', 'last_name', 'newsletter', 'notification', 'is_verified'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return undefined;
  const [addresses, cards, identity] = await Promise.all([
    listAddresses(db, customerId, 'shipping'),
    savedCards(),
    identityOf(db, customerId, customer.is_verified),
  ]);
  // listAddresses puts the default first; with no default the newest stands in.
  const primary = addresses[0] ? toShippingAddress(addresses[0]) : undefined;
  return {
    name: `${customer.first_name} ${customer.last_name}`.trim(),
    // '350 5th Ave, Floor 2, New York, NY 10001': the spec's address_1 and address_2 on one line.
    address: primary ? `${primary.address_1}, ${primary.address_2}` : '',
    email: customer.email,
    newsletter_subscription: onOff(customer.newsletter),
    notification: onOff(customer.notification),
    list_cards: cards.map((card) => ({
      id: card.id,
      brand: card.brand,
      card_no: card.card_no,
      card_exp_month: card.card_exp_month,
      card_exp_year: card.card_exp_year,
    })),
    identity,
  };
}

/**
 * The identity status from the customer's flag and their latest application: a read, never a get-or-create (the KYC
 * screen makes applications; the dashboard only looks). The reason is the stored one in plain words.
 */
async function identityOf(db: Kysely<Database>, customerId: number, isVerified: boolean): Promise<DashboardIdentity> {
  const latest = await db
    .selectFrom('kyc_applications')
    .select(['status', 'refusal_reason'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return identityStatusOf({
    isVerified,
    latest: latest && { status: latest.status, refusalReason: latest.refusal_reason },
  });
}

/** Sets the flags given and answers both as saved. */
export async function savePreferences(
  db: Kysely<Database>,
  customerId: number,
  flags: { newsletter_subscription?: OnOff | undefined; notification?: OnOff | undefined },
): Promise<PreferencesData | undefined> {
  const row = await db
    .updateTable('customers')
    .set({
      ...(flags.newsletter_subscription === undefined ? {} : { newsletter: flags.newsletter_subscription === 1 }),
      ...(flags.notification === undefined ? {} : { notification: flags.notification === 1 }),
    })
    .where('id', '=', customerId)
    .returning(['newsletter', 'notification'])
    .executeTakeFirst();
  return row ? { newsletter_subscription: onOff(row.newsletter), notification: onOff(row.notification) } : undefined;
}
