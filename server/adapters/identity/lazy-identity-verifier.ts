import type { FaceComparison, FaceMatch, IdentityImages, IdentityVerdict, IdentityVerifier } from './identity-port.ts';

export interface LazyIdentityVerifier extends IdentityVerifier {
  /** How many engines have been started so far (0 until the first verification): for tests and logs. */
  readonly starts: number;
}

/**
 * An identity adapter started on its first use, not when the app is built: loading the models costs about a second
 * and ~490 MB (decision 013), which `npm start` and the server tests that never verify anyone should not pay.
 *
 * An engine call that rejects (the worker died, or stopped answering) drops that engine and closes it; the next call
 * starts a fresh one, so one crash costs one request a 'Something Went Wrong', not every request until a restart.
 * A refusal or a mismatch is an answer, not a failure: the engine is kept.
 */
export function lazyIdentityVerifier(start: () => IdentityVerifier): LazyIdentityVerifier {
  let current: IdentityVerifier | undefined;
  let starts = 0;
  let closed = false;

  function engine(): IdentityVerifier {
    if (closed) throw new Error('identity engine: closed');
    if (!current) {
      current = start();
      starts += 1;
    }
    return current;
  }

  async function run<T>(call: (verifier: IdentityVerifier) => Promise<T>): Promise<T> {
    const used = engine();
    try {
      return await call(used);
    } catch (error) {
      if (current === used) {
        current = undefined;
        void used.close().catch(() => undefined);
      }
      throw error;
    }
  }

  return {
    get starts() {
      return starts;
    },
    verifyIdentity: (images: IdentityImages): Promise<IdentityVerdict> => run((v) => v.verifyIdentity(images)),
    matchFaces: (images: Omit<IdentityImages, 'reference'>): Promise<FaceMatch> => run((v) => v.matchFaces(images)),
    compareFaces: (verified: Buffer, fresh: Buffer): Promise<FaceComparison> => run((v) => v.compareFaces(verified, fresh)),
    compareWithEmbedding: (verified: readonly number[], fresh: Buffer): Promise<FaceComparison> =>
      run((v) => v.compareWithEmbedding(verified, fresh)),
    async close() {
      closed = true;
      const last = current;
      current = undefined;
      await last?.close();
    },
  };
}
