import type { FastifyPluginAsync } from 'fastify';
import {
  changePasswordBody,
  forgotBody,
  guestCartBody,
  loginBody,
  logoutBody,
  registerBody,
  type GuestCartReply,
  type LoginReply,
  type MessageReply,
  type RegisterReply,
} from '../../src/api/contract/customer.contract.ts';
import { canonicalEmail } from '../../src/rules/email-canonical.ts';
import { cartNotFoundMessage } from '../../src/rules/messages.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { notFound, tooManyRequests, unauthorized } from '../http/errors.ts';
import { callerIfAny, enforceLimit, requireCaptcha } from '../http/guards.ts';
import { parseWith } from '../http/validate.ts';
import { displayName, revokeSession } from '../services/accounts/accounts.ts';
import { isKnownSignInAddress, rememberSignInAddress } from '../services/accounts/known-addresses.ts';
import { forgotMessage, resetDoneMessage, resetInvalidMessage, resetPassword } from '../services/accounts/password-reset.ts';
import {
  duplicateEmailMessage,
  invalidCredentialsMessage,
  requestPasswordReset,
  signIn,
  signInCaptchaDifficulty,
  signUp,
  startGuestCheckout,
} from '../services/accounts/sign-in.ts';
import { verificationIdOf } from '../services/identity/customer-verification.ts';
import { servedAreas } from '../services/catalogue/catalogue-cache.ts';
import { signInCeiling, tooManyAttemptsMessage } from '../services/platform/rate-limit.ts';

export function customerRoutes({ db, config, mail, captcha, limiter, rateLimits: limits }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /**
     * Wrong credentials answer HTTP 200 with code -1 (a business refusal, as the envelope reads): the client shows
     * the message. 401 stays reserved for a missing or dead token.
     */
    app.post('/api/customer/login', async (request): Promise<LoginReply> => {
      const body = parseWith(loginBody, request.body);
      await enforceLimit(limiter, `sign-in:ip:${request.ip}`, limits.signInPerIp);
      const failures = { limiter, rule: limits.signInFailuresPerAccount, ceiling: signInCeiling(limits), address: request.ip };
      await requireCaptcha(captcha, body.altcha, await signInCaptchaDifficulty(failures));
      const caller = await callerIfAny(request, db);
      // The delivery option the shopper is on (courier_type 'local' for Delivery): the merged cart takes it (QA walk 3).
      const mode = body.courier_type
        ? { courierType: body.courier_type, restaurantLocId: body.vendor_location_id, served: await servedAreas(db) }
        : undefined;
      const outcome = await signIn(db, failures, { email: body.email, password: body.password, cartId: body.cart_id, mode }, caller);
      if (outcome.kind === 'blocked') throw tooManyRequests(tooManyAttemptsMessage);
      if (outcome.kind === 'refused') return { code: -1, message: invalidCredentialsMessage };
      const { account, session } = outcome;
      return {
        code: 1,
        message: 'success',
        result: {
          api_token: session.apiToken,
          cart_id: session.cart.cartId,
          customer_id: account.id,
          is_verified: account.isVerified ? 1 : 0,
          total_product_in_cart: session.cart.totalQty,
          cust_name: displayName(account),
          verification_id: await verificationIdOf(db, account.id),
          // Issue 24: a seller's or staff member's menu links to their console.
          ...(account.role === 'seller' || account.role === 'staff' ? { role: account.role } : {}),
          // Issue 23: the guest cart merged into the account's changed something: the shopper is told what.
          ...(session.cart.changes?.length ? { cart_changes: session.cart.changes } : {}),
          // Said 'combined' only when the guest cart's lines joined the account's (decision 087 left).
          ...(session.cart.combined ? { cart_combined: true } : {}),
          // QA walk 3: the account's lines of another delivery option moved to this one, or kept aside for theirs.
          ...(session.cart.moved?.length ? { cart_moved: session.cart.moved } : {}),
          ...(session.cart.keptAside?.length ? { cart_kept: session.cart.keptAside } : {}),
        },
      };
    });

    app.post('/api/customer/register', async (request): Promise<RegisterReply> => {
      const body = parseWith(registerBody, request.body);
      await enforceLimit(limiter, `register:ip:${request.ip}`, limits.registerPerIp);
      await requireCaptcha(captcha, body.altcha);
      const caller = await callerIfAny(request, db);
      const registration = {
        email: body.email,
        password: body.password,
        firstName: body.first_name,
        lastName: body.last_name,
        dob: body.dob,
        gender: body.gender,
        newsletter: body.newsletter_subscription ?? false,
      };
      const outcome = await signUp(db, registration, body.cart_id, caller);
      if (outcome.kind === 'duplicate') return { code: 2, message: duplicateEmailMessage };
      // The address that registered is the owner's: it keeps its sign-in allowance when the account is under attack.
      await rememberSignInAddress(db, body.email, request.ip);
      const { account, session } = outcome;
      return {
        code: 1,
        message: 'User Created.',
        result: {
          api_token: session.apiToken,
          cart_id: session.cart.cartId,
          customer_id: account.id,
          total_product_in_cart: session.cart.totalQty,
          cust_name: displayName(account),
        },
      };
    });

    /** Email-only checkout: a guest customer and a session, and the guest's cart given to them. */
    app.post('/api/cart/guestcart', async (request): Promise<GuestCartReply> => {
      const body = parseWith(guestCartBody, request.body);
      await enforceLimit(limiter, `guest-cart:ip:${request.ip}`, limits.guestCartPerIp);
      const caller = await callerIfAny(request, db);
      const cartId = body.cart_id ?? '';
      const guest = await startGuestCheckout(db, body.customer_email, cartId, caller);
      if (guest.kind === 'cart-not-found') throw notFound(cartNotFoundMessage);
      return { code: 1, data: { customer_id: guest.customerId, api_token: guest.apiToken, cart_id: cartId } };
    });

    app.post('/api/customer/forgot', async (request): Promise<MessageReply> => {
      const body = parseWith(forgotBody, request.body);
      await enforceLimit(limiter, `forgot:ip:${request.ip}`, limits.forgotPerIp);
      // Per mailbox, so a stranger's requests cannot flood it; the owner's known addresses are not held back by them.
      if (!(await isKnownSignInAddress(db, body.email, request.ip))) {
        await enforceLimit(limiter, `forgot:email:${canonicalEmail(body.email)}`, limits.forgotPerEmail);
      }
      await requestPasswordReset({ db, mail, config }, body.email, request.log);
      return { code: 1, message: forgotMessage };
    });

    app.post('/api/customer/changepassword', async (request): Promise<MessageReply> => {
      const body = parseWith(changePasswordBody, request.body);
      if (!(await resetPassword(db, body.reset_token, body.new_password))) throw unauthorized(resetInvalidMessage);
      return { code: 1, message: resetDoneMessage };
    });

    /** Ends the caller's own session (the token in the Authorization header); other devices stay signed in. */
    app.post('/api/customer/logout', async (request): Promise<MessageReply> => {
      parseWith(logoutBody, request.body);
      const caller = await requireCaller(request, db);
      await revokeSession(db, caller.sessionId);
      return { code: 1, message: 'You are signed out.' };
    });
  };
}
