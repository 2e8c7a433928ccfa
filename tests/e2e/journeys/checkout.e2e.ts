import { tabTest as test } from '../fixtures.ts';
import { faceCameraLaunchOptions } from '../identity-steps.ts';
import { checkoutJourneys } from './checkout.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

// The face step's selfie comes from Chromium's fake camera (the face of the journeys' verified ID card).
test.use({ launchOptions: faceCameraLaunchOptions });
describeJourneys(checkoutJourneys);
