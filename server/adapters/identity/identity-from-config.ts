import type { Config } from '../../config.ts';
import type { IdentityVerifier } from './identity-port.ts';
import { lazyIdentityVerifier } from './lazy-identity-verifier.ts';
import { startLocalIdentityEngine } from './local-identity-engine.ts';
import { StripeIdentityVerifier } from './stripe-identity-verifier.ts';

/**
 * The identity adapter IDENTITY_ENGINE names. The local engine starts on the first verification
 * (lazy-identity-verifier.ts); with 'stripe', Stripe Identity judges the document and the live selfie, and the same
 * lazily started local engine does the face work Stripe has no API for (decision 016). The Stripe adapter itself is
 * not restarted on an error: a Stripe outage must not throw away the loaded face models.
 */
export function identityVerifierFromConfig(config: Pick<Config, 'identityEngine' | 'stripeIdentity'>): IdentityVerifier {
  const local = lazyIdentityVerifier(() => startLocalIdentityEngine());
  if (config.identityEngine === 'local') return local;
  if (!config.stripeIdentity) throw new Error('IDENTITY_ENGINE=stripe without a Stripe key (readConfig refuses this)');
  return new StripeIdentityVerifier(config.stripeIdentity, local);
}
