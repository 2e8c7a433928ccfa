import { tabTest as test } from '../fixtures.ts';
import { faceCameraLaunchOptions } from '../identity-steps.ts';
import { faceVerifyJourneys } from './face-verify.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

// The fake camera plays face s1f1 (tests/e2e/fake-camera.ts).
test.use({ launchOptions: faceCameraLaunchOptions });
describeJourneys(faceVerifyJourneys);
