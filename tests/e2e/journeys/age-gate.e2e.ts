import { ageGateJourneys } from './age-gate.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(ageGateJourneys);
