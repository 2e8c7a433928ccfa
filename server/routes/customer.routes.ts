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
import { normalizeEmail } from '../../src/rules/auth-validation.ts';
import type { AppDeps } from '../deps.ts';
import { requireCaller } from '../http/auth.ts';
import { notFound, tooManyRequests, unauthorized } from '../http/errors.ts';
import { callerIfAny, enforceLimit, requireCaptcha } from '../http/guards.ts';
import { parseWith } from '../http/validate.ts';
import { assignGuestCart, authenticate, displayName, guestCustomer, registerAccount, revokeSession, startSession } from '../services/accounts/accounts.ts';
import { takeOverGuestCart } from '../services/cart/cart-merge.ts';
import { createPasswordReset, forgotMessage, resetDoneMessage, resetInvalidMessage, resetPassword } from '../services/accounts/password-reset.ts';
import { tooManyAttemptsMessage } from '../services/platform/rate-limit.ts';

/** One answer for an unknown email and a wrong password, so sign-in never tells whether an account exists. */
export const invalidCredentialsMessage = 'Invalid email or password.';
export const duplicateEmailMessage = 'An account with this email already exists. Please sign in.';

export function customerRoutes({ db, config, mail, captcha, limiter, rateLimits: limits }: AppDeps): FastifyPluginAsync {
  return async (app) => {
    /**
     * Wrong credentials answer HTTP 200 with code -1 (a business refusal, as the envelope reads): the client shows
     * the message. 401 stays reserved for a missing or dead token.
     */
    app.post('/api/customer/login', async (request): Promise<LoginReply> => {
      const body = parseWith(loginBody, request.body);
      await enforceLimit(limiter, `sign-in:ip:${request.ip}`, limits.signInPerIp);
      await requireCaptcha(captcha, body.altcha);
      // Counted per email whether or not an account has it, so a 429 reveals nothing either.
      const failuresKey = `sign-in:failures:${normalizeEmail(body.email)}`;
      if (await limiter.isBlocked(failuresKey, limits.signInFailuresPerAccount)) throw tooManyRequests(tooManyAttemptsMessage);
      const account = await authenticate(db, body.email, body.password);
      if (!account) {
        await limiter.hit(failuresKey, limits.signInFailuresPerAccount);
        return { code: -1, message: invalidCredentialsMessage };
      }
      const caller = await callerIfAny(request, db);
      const apiToken = await startSession(db, account.id);
      const cart = await takeOverGuestCart(db, account.id, body.cart_id, caller?.isGuest ? caller.customerId : undefined);
      return {
        code: 1,
        message: 'success',
        result: {
          api_token: apiToken,
          cart_id: cart.cartId,
          customer_id: account.id,
          is_verified: account.isVerified ? 1 : 0,
          total_product_in_cart: cart.totalQty,
          cust_name: displayName(account),
          // KYC applications are another issue's; until then no customer has one.
          verification_id: '',
        },
      };
    });

    app.post('/api/customer/register', async (request): Promise<RegisterReply> => {
      const body = parseWith(registerBody, request.body);
      await enforceLimit(limiter, `register:ip:${request.ip}`, limits.registerPerIp);
      await requireCaptcha(captcha, body.altcha);
      const outcome = await registerAccount(db, {
        email: body.email,
        password: body.password,
        firstName: body.first_name,
        lastName: body.last_name,
        dob: body.dob,
        gender: body.gender,
        newsletter: body.newsletter_subscription ?? false,
      });
      if (outcome.kind === 'duplicate') return { code: 2, message: duplicateEmailMessage };
      const { account } = outcome;
      const caller = await callerIfAny(request, db);
      const apiToken = await startSession(db, account.id);
      const cart = await takeOverGuestCart(db, account.id, body.cart_id, caller?.isGuest ? caller.customerId : undefined);
      return {
        code: 1,
        message: 'User Created.',
        result: {
          api_token: apiToken,
          cart_id: cart.cartId,
          customer_id: account.id,
          total_product_in_cart: cart.totalQty,
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
      // One transaction: a cart that is not a guest cart (404) leaves no guest row or session behind.
      const guest = await db.transaction().execute(async (trx) => {
        const customerId = await guestCustomer(trx, body.customer_email, caller);
        if (cartId !== '' && !(await assignGuestCart(trx, cartId, customerId))) throw notFound('Cart not found');
        return { customerId, apiToken: await startSession(trx, customerId) };
      });
      return { code: 1, data: { customer_id: guest.customerId, api_token: guest.apiToken, cart_id: cartId } };
    });

    app.post('/api/customer/forgot', async (request): Promise<MessageReply> => {
      const body = parseWith(forgotBody, request.body);
      await enforceLimit(limiter, `forgot:ip:${request.ip}`, limits.forgotPerIp);
      await enforceLimit(limiter, `forgot:email:${normalizeEmail(body.email)}`, limits.forgotPerEmail);
      const message = await createPasswordReset(db, body.email, config.appOrigin);
      if (message) {
        // Not awaited: an SMTP round trip would make known emails answer measurably slower than unknown ones.
        mail.send(message).catch((error: unknown) => request.log.error({ err: error }, 'password reset mail not sent'));
      }
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
