import type { IdentityEngineName } from '../../config.ts';
import { lazyIdentityVerifier, type LazyIdentityVerifier } from './lazy-identity-verifier.ts';
import { startLocalIdentityEngine } from './local-identity-engine.ts';

/** The identity adapter IDENTITY_ENGINE names, started on the first verification (lazy-identity-verifier.ts). */
export function identityVerifierFromConfig(config: { identityEngine: IdentityEngineName }): LazyIdentityVerifier {
  switch (config.identityEngine) {
    case 'local':
      return lazyIdentityVerifier(() => startLocalIdentityEngine());
  }
}
