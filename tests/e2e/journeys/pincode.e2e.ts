import { pincodeJourneys } from './pincode.journeys.ts';
import { describeJourneys } from './run-journeys.ts';

describeJourneys(pincodeJourneys);
