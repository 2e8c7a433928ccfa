import { authJourneys } from './auth.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(authJourneys);
