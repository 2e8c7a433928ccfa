import { addAddressReply, type AddAddressBody, type AddAddressReply } from './contract/address.contract.ts';
import {
  paymentMessageReply,
  paymentMethodsReply,
  saveCardReply,
  stripeDetailsReply,
  testAuthenticateReply,
  tokenizeReply,
  verifyUpiReply,
  type PaymentMessageReply,
  type PaymentMethodsReply,
  type SaveCardBody,
  type SaveCardReply,
  type StripeDetailsReply,
  type TestAuthenticateReply,
  type TokenizeBody,
  type TokenizeReply,
  type VerifyUpiReply,
} from './contract/payment.contract.ts';
import { call, type Sent } from './http.ts';

/** POST /api/api/account/stripeDetails: the publishable key and which card fields to show ('test' or 'stripe'). */
export function stripeDetails(): Promise<StripeDetailsReply> {
  return call('/api/api/account/stripeDetails', stripeDetailsReply, { method: 'POST', body: {} });
}

/** POST /api/payments/test-authenticate: the test gateway's bank page, completing or failing a 3-D Secure check. */
export function testAuthenticate(clientSecret: string, complete: boolean): Promise<TestAuthenticateReply> {
  return call('/api/payments/test-authenticate', testAuthenticateReply, { method: 'POST', body: { client_secret: clientSecret, complete } });
}

/** POST /api/checkout/paymentmethods: the caller's saved cards (cart_id only at checkout). */
export function paymentMethods(cartId?: string): Promise<PaymentMethodsReply> {
  return call('/api/checkout/paymentmethods', paymentMethodsReply, { method: 'POST', body: cartId ? { cart_id: cartId } : {} });
}

/** POST /api/payments/tokenize: the test gateway's one-time card token (exists only without Stripe keys). */
export function tokenizeCard(body: Sent<TokenizeBody>): Promise<TokenizeReply> {
  return call('/api/payments/tokenize', tokenizeReply, { method: 'POST', body: { ...body } });
}

/** POST api/account/mycards: both provider tokens and the saved billing address id. */
export function saveCard(body: Sent<SaveCardBody>): Promise<SaveCardReply> {
  return call('/api/account/mycards', saveCardReply, { method: 'POST', body: { ...body } });
}

/** POST /api/account/RemoveCreditCard */
export function removeCard(cardId: number): Promise<PaymentMessageReply> {
  return call('/api/account/RemoveCreditCard', paymentMessageReply, { method: 'POST', body: { card_id: cardId } });
}

/** POST /payuapi/payu/varifyUpi: isVPAValid 1 when the provider knows the id. */
export function verifyUpi(upiId: string): Promise<VerifyUpiReply> {
  return call('/payuapi/payu/varifyUpi', verifyUpiReply, { method: 'POST', body: { upi_id: upiId } });
}

/** connect/customer/addaddress without a query: the add-card form's billing address (address_type billing). */
export function addBillingAddress(body: Sent<Omit<AddAddressBody, 'address_type' | 'customerid'>>): Promise<AddAddressReply> {
  return call('/connect/customer/addaddress', addAddressReply, { method: 'POST', body: { ...body, address_type: 'billing' } });
}
