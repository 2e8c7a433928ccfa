import { isPlausibleVpa, upiError } from '../../../src/rules/upi.ts';

/**
 * Whether a UPI id can receive a collect request. No UPI provider is wired in yet (the store is US-only and Stripe
 * offers no UPI here), so this is the offline test rule the checkout and place order share: a plausible name@handle
 * is valid, and ids ending '@fail' are not (so the refusal path can be exercised).
 */
export async function verifyUpi(vpa: string): Promise<boolean> {
  const text = vpa.trim();
  if (upiError(text) !== undefined || !isPlausibleVpa(text)) return false;
  return !text.toLowerCase().endsWith('@fail');
}
