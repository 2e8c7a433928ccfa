import type { IdentityVerifier } from '../adapters/identity/identity-port.ts';
import type { ChargeResult, PaymentGateway } from '../adapters/payments/payment-port.ts';
import { identityChecks, paymentCharges } from '../services/platform/metrics.ts';

/**
 * The adapter with `overrides` in place of some methods, everything else passed through untouched (bound to the
 * adapter, so a class's private fields still work): a port that grows a method needs no change here. Why at the
 * adapter: every charge and identity check passes through it, whichever service asked (place order, sweeps, KYC).
 */
function withOverrides<T extends object>(adapter: T, overrides: Partial<T>): T {
  return new Proxy(adapter, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return Reflect.get(overrides, property);
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function chargeOutcome(result: ChargeResult): string {
  if (result.ok === true) return 'succeeded';
  if (result.ok === false) return 'declined';
  return 'requires-action';
}

/** Charges by outcome (store_payment_charges_total): succeeded, declined, requires-action, or error (outcome unknown). */
export function countedPayments(gateway: PaymentGateway): PaymentGateway {
  return withOverrides<PaymentGateway>(gateway, {
    async charge(request) {
      try {
        const result = await gateway.charge(request);
        paymentCharges.inc({ outcome: chargeOutcome(result) });
        return result;
      } catch (error) {
        paymentCharges.inc({ outcome: 'error' });
        throw error;
      }
    },
  });
}

/** An identity call counted by kind and verdict (store_identity_checks_total); a thrown call counts as error. */
async function verdictCounted<R extends { kind: string }>(kind: string, call: () => Promise<R>): Promise<R> {
  try {
    const verdict = await call();
    identityChecks.inc({ kind, outcome: verdict.kind });
    return verdict;
  } catch (error) {
    identityChecks.inc({ kind, outcome: 'error' });
    throw error;
  }
}

export function countedIdentity(verifier: IdentityVerifier): IdentityVerifier {
  return withOverrides<IdentityVerifier>(verifier, {
    verifyIdentity: (images) => verdictCounted('verify', () => verifier.verifyIdentity(images)),
    matchFaces: (images) => verdictCounted('match', () => verifier.matchFaces(images)),
    compareFaces: (verified, fresh) => verdictCounted('compare', () => verifier.compareFaces(verified, fresh)),
    compareWithEmbedding: (verified, fresh) => verdictCounted('compare', () => verifier.compareWithEmbedding(verified, fresh)),
  });
}
