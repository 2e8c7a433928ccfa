import { cardIdField } from '../../api/contract/checkout.contract.ts';
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

/** The server's words when the chosen delivery address is not saved any more (a field error on it), else undefined. */
export function goneAddressText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors.find((e) => e.field === deliveryAddressField)?.message;
}

/** The server's words when the chosen saved card is not the shopper's any more (a field error on it), else undefined. */
export function goneCardText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  return error.errors.find((e) => e.field === cardIdField)?.message;
}
