import { cardIdField, orderedCartField } from '../../api/contract/checkout.contract.ts';
import { deliveryAddressField } from '../../api/contract/shipping.contract.ts';
import { ApiError } from '../../api/http.ts';
import { checkoutMessages } from '../../rules/checkout-flow.ts';

/** The checkout steps' words for a failed call (its one home: src/rules/messages.ts). */
export { somethingWentWrongMessage as somethingWentWrong } from '../../rules/messages.ts';
import { somethingWentWrongMessage as somethingWentWrong } from '../../rules/messages.ts';

/** A failed call's own message (offline, the server's refusal), else the step's fallback. */
export function failureText(error: unknown, fallback: string = somethingWentWrong): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Place order or confirm failed: offline or a server fault reads as the spec's transport message; a refusal with words keeps them. */
export function placeOrderErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) return error.message;
  return checkoutMessages.internalError;
}

/**
 * The server's words when a record the checkout chose is gone (the delivery address or the saved card, deleted in
 * another tab; the cart, ordered in another tab): a 404 naming its field (deliveryAddressField, cardIdField,
 * orderedCartField). Undefined for any other failure.
 */
export function goneRecordText(
  error: unknown,
  field: typeof deliveryAddressField | typeof cardIdField | typeof orderedCartField,
): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors.find((e) => e.field === field)?.message;
}
