import { tabTest as test } from '../fixtures.ts';
import { faceCameraLaunchOptions } from '../identity-steps.ts';
import { kycJourneys } from './kyc.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

// The fake camera plays face s1f1 (tests/e2e/fake-camera.ts), the face on the ID card the journeys choose.
test.use({ launchOptions: faceCameraLaunchOptions });
describeJourneys(kycJourneys);
