import { create } from 'superstruct';
import { loginReply } from '../../src/api/contract/customer.contract.ts';
import { moveOrderReply } from '../../src/api/contract/fulfilment.contract.ts';
import { postJson, solvedCaptcha } from './journeys/shoppers.ts';
import { e2eStaff } from './store-users.ts';

/** The staff user's token, signed in through the API as the sign-in form would (captcha solved). */
async function staffToken(): Promise<string> {
  const reply = create(await postJson('/api/customer/login', { ...e2eStaff, altcha: await solvedCaptcha() }), loginReply);
  if (reply.code !== 1 || !reply.result) throw new Error(`the e2e staff user could not sign in: ${reply.message}`);
  return reply.result.api_token;
}

/**
 * The restaurant serves a dine-in order: staff move it from placed to served (accepted, picking, packed, served), each
 * move with its reason, as the staff console does. A dine-in order's portions reach the wallet only when served.
 */
export async function serveDineInOrder(orderId: string): Promise<void> {
  const token = await staffToken();
  for (const event of ['accept', 'pick', 'pack', 'serve'] as const) {
    const reply = create(
      await postJson('/api/staff/orders/move', { order_id: orderId, event, reason: 'Served at the table (e2e journey)' }, token),
      moveOrderReply,
    );
    if (reply.code !== 1) throw new Error(`staff could not ${event} order ${orderId}: ${reply.message}`);
  }
}
