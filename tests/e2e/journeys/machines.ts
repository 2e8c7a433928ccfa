import type { MachineMap } from './journey-map.ts';
import { ageGateJourneys } from './age-gate.journeys.ts';
import { authJourneys } from './auth.journeys.ts';
import { cartJourneys } from './cart.journeys.ts';
import { checkoutJourneys } from './checkout.journeys.ts';
import { faceVerifyJourneys } from './face-verify.journeys.ts';
import { kycJourneys } from './kyc.journeys.ts';
import { pincodeJourneys } from './pincode.journeys.ts';

/** Every machine QA's generated journeys walk, in the order reach.json lists them. */
export const journeyMaps: readonly MachineMap[] = [
  ageGateJourneys,
  pincodeJourneys,
  authJourneys,
  cartJourneys,
  checkoutJourneys,
  faceVerifyJourneys,
  kycJourneys,
];
