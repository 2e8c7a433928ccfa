import type { Kysely } from 'kysely';
import type { FileStorage } from '../../adapters/storage/storage-port.ts';
import type { Database } from '../../db/schema.ts';
import type { Log } from '../platform/log.ts';
import { startPeriodicPass, type PeriodicPass, type SweepTurn } from '../platform/periodic-pass.ts';
import { removeFaceCheckLeftovers } from './face-check-leftovers.ts';
import { abandonedAfterDays, removeAbandonedApplications } from './kyc-abandoned.ts';

export interface KycSweepSettings {
  db: Kysely<Database>;
  storage: FileStorage;
  everyMs: number;
  /** Whether this instance's turn it is (decision 042); absent: always. */
  myTurn?: SweepTurn | undefined;
  clock: () => Date;
  log: Log;
}

/**
 * Runs removeAbandonedApplications and removeFaceCheckLeftovers (expired face passes, unchecked check selfies) every
 * `everyMs`, one pass at a time, like the payment sweep. The log lines are for an operator: how many went, never
 * whose. stop() ends it and waits for a pass in flight.
 */
export function startKycSweep(settings: KycSweepSettings): PeriodicPass {
  const { db, storage, log } = settings;
  const sweep = async () => {
    const { removed } = await removeAbandonedApplications({ db, storage, now: settings.clock() });
    if (removed > 0) log.info({ removed, afterDays: abandonedAfterDays }, 'abandoned KYC applications removed with their photos');
    const leftovers = await removeFaceCheckLeftovers({ db, storage, now: settings.clock() });
    if (leftovers.facePasses > 0 || leftovers.checkSelfies > 0) log.info(leftovers, 'expired face passes and unchecked check selfies removed');
  };
  return startPeriodicPass('kyc-abandoned', settings.everyMs, log, 'abandoned KYC application sweep failed', sweep, settings.myTurn);
}
