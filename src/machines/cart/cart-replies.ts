import type { CartReply } from '../../api/contract/cart-page.contract.ts';
import { ApiError } from '../../api/http.ts';

/**
 * How the cart page and its children read the server's cart replies, in one place: code 1 (the cart), 2 (the cart
 * plus a message, a coupon refused or dropped), -1 (a refusal, or no open cart), a 404 'Cart not found', and a
 * failure with no answer at all (offline).
 */

/** The spec's fallback when a reply or an error brings no message of its own (its one home: src/rules/messages.ts). */
export { somethingWentWrongMessage as somethingWentWrong } from '../../rules/messages.ts';
import { somethingWentWrongMessage as somethingWentWrong } from '../../rules/messages.ts';

/** The message of a failed call: the server's, or the offline text `call` gives; anything else the fallback. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : somethingWentWrong;
}

/** The message a refusal (code -1) or a coupon reply (code 2) carries. */
export function replyMessage(reply: { message?: string | undefined }): string {
  return reply.message ?? somethingWentWrong;
}

/** code -1: a line change refused (with the cart as it stands), or no open cart behind a showcart. */
export function isRefusal(reply: CartReply): boolean {
  return reply.code === -1;
}

/** Not this shopper's cart, or gone: the server answers 404 'Cart not found'. */
export function isMissingCart(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The message to show under the coupon box when a reply took a coupon off or refused one (code 2). */
export function couponRefusal(reply: CartReply): string | undefined {
  return reply.code === 2 ? replyMessage(reply) : undefined;
}

/** Action and guard params taken from an invoke's answer: `{ type: 'assignX', params: answerOf }`. */
export function answerOf<Reply>({ event }: { event: { output: Reply } }): { reply: Reply } {
  return { reply: event.output };
}

/** Action params taken from an invoke's failure. */
export function errorOf({ event }: { event: { error: unknown } }): { error: unknown } {
  return { error: event.error };
}
