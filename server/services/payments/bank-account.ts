import type { Kysely } from 'kysely';
import { bankDigits, type BankName } from '../../../src/rules/bank-account.ts';
import type { BankMandate, PaymentGateway } from '../../adapters/payments/payment-port.ts';
import type { Database } from '../../db/schema.ts';

/** A bank account the provider knows (its payment method), ready to be debited for one order. */
export interface OpenedBankAccount {
  /** The provider's payment method (Stripe's pm_...): the account numbers themselves are never stored. */
  ref: string;
  /** The bank the shopper chose from the seven (the provider's own name for the bank is not shown). */
  bankName: BankName;
  last4: string;
  mandate: BankMandate;
}

export type OpenBankAccountOutcome = { ok: true; account: OpenedBankAccount } | { ok: false; message: string };

/**
 * Pay by bank, before the order is reserved: the account the shopper typed becomes the provider's payment method in
 * the customer's name, with the mandate they accepted (from this address, in this browser). A refusal (a routing
 * number no bank has) is the shopper's to correct.
 */
export async function openBankAccount(
  db: Kysely<Database>,
  payments: PaymentGateway,
  customerId: number,
  input: { bankName: BankName; routingNumber: string; accountNumber: string; mandate: BankMandate },
): Promise<OpenBankAccountOutcome> {
  const customer = await db
    .selectFrom('customers')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  const result = await payments.createBankAccount({
    holderName: `${customer.first_name} ${customer.last_name}`.trim() || customer.email,
    email: customer.email,
    routingNumber: bankDigits(input.routingNumber),
    accountNumber: bankDigits(input.accountNumber),
  });
  if (!result.ok) return { ok: false, message: result.message };
  return { ok: true, account: { ref: result.ref, bankName: input.bankName, last4: result.last4, mandate: input.mandate } };
}
