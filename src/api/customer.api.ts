import { captchaVerifyReply, type CaptchaVerifyReply } from './contract/captcha.contract.ts';
import {
  guestCartReply,
  loginReply,
  messageReply,
  registerReply,
  type ChangePasswordBody,
  type ForgotBody,
  type GuestCartBody,
  type GuestCartReply,
  type LoginBody,
  type LoginReply,
  type MessageReply,
  type RegisterBody,
  type RegisterReply,
} from './contract/customer.contract.ts';
import { call, type Sent } from './http.ts';

export function login(body: Sent<LoginBody>): Promise<LoginReply> {
  return call('/api/customer/login', loginReply, { method: 'POST', body });
}

export function register(body: Sent<RegisterBody>): Promise<RegisterReply> {
  return call('/api/customer/register', registerReply, { method: 'POST', body });
}

export function guestCart(body: Sent<GuestCartBody>): Promise<GuestCartReply> {
  return call('/api/cart/guestcart', guestCartReply, { method: 'POST', body });
}

export function forgot(body: Sent<ForgotBody>): Promise<MessageReply> {
  return call('/api/customer/forgot', messageReply, { method: 'POST', body });
}

export function changePassword(body: Sent<ChangePasswordBody>): Promise<MessageReply> {
  return call('/api/customer/changepassword', messageReply, { method: 'POST', body });
}

/** Ends the session of the bearer token `call` sends. */
export function logout(): Promise<MessageReply> {
  return call('/api/customer/logout', messageReply, { method: 'POST', body: {} });
}

/** Checks (and spends) a solved captcha: the zipcode entry gate's only use of it. */
export function verifyCaptcha(altcha: string): Promise<CaptchaVerifyReply> {
  return call('/api/captcha/verify', captchaVerifyReply, { method: 'POST', body: { altcha } });
}
